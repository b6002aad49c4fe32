/**
 * The regimes `npm run bench:peer` measures each contender in (bench/README.md,
 * "Regimes"): what games the load generator's clients move, and in what order.
 * A client is a lane (one connection, kept for the whole run) and a worker
 * of the closed loop: it sends its next move as soon as the last is
 * acknowledged.
 * - `long`: a few long games. Each client plays a fresh game of its own,
 *   which grows by thousands of moves over a run.
 * - `short`: many short games. A few hundred games, of 0-150 moves when the
 *   run starts (copies of games played beforehand), pass from client to
 *   client: a client takes the game that waited longest, plays its seat's
 *   turn (three moves, as a player visiting the game does) and hands it
 *   back. A game that would go past SHORT_MOST_MOVES is retired.
 * - `cold`: cold games. 10,000 games of 20-300 moves made beforehand, shared
 *   by all of a contender's runs; each visit (a turn) goes to a game drawn
 *   at random, so most are not in the server's memory, as in correspondence
 *   play.
 */
import { Contender, GameRecord, Lane, TURN } from './contender';

export type RegimeKey = 'long' | 'short' | 'cold';

export interface RegimeSizes {
  /** Games of the short regime, per run. */
  shortGames: number;
  /** Games of the cold regime, per contender. */
  coldGames: number;
}

/** What a run's clients play: made before any run, so that no database is written to between its runs but by them. */
export interface Workload {
  readonly clients: number;
  /** Client `client`'s next move. */
  move(client: number): Promise<void>;
  /** Moves per game moved in the run, at its end (on average). */
  movesPerGame(): number;
  close(): void;
}

export interface Regime {
  key: RegimeKey;
  title: string;
  /** The games and lanes of one run of `contender` with `clients` games in flight. */
  prepare(contender: Contender, clients: number): Promise<Workload>;
}

/** Games of the short regime have at most this many moves: a game about to go past it is retired. */
export const SHORT_MOST_MOVES = 200;
/** The longest of the short regime's games when a run starts: room for 50 more moves each. */
const SHORT_START_MOST = 150;
const COLD_FEWEST = 20;
const COLD_MOST = 300;

async function openLanes(contender: Contender, count: number): Promise<Lane[]> {
  return Promise.all(Array.from({ length: count }, () => contender.openLane()));
}

function average(values: Iterable<number>): number {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    sum += value;
    count++;
  }
  return sum / Math.max(count, 1);
}

/** Each client plays its own game, which only it moves. */
class OwnGames implements Workload {
  constructor(
    private readonly lanes: Lane[],
    private readonly games: GameRecord[],
  ) {}

  get clients(): number {
    return this.lanes.length;
  }

  move(client: number): Promise<void> {
    return this.lanes[client].move(this.games[client]);
  }

  movesPerGame(): number {
    return average(this.games.map((game) => game.moves));
  }

  close(): void {
    for (const lane of this.lanes) lane.close();
  }
}

/** Clients visit games for a turn each: `take` gives a client a game no other client holds, `handBack` has it back after the turn. */
class Visits implements Workload {
  private readonly visiting: Array<GameRecord | null>;
  private readonly moved = new Set<GameRecord>();

  constructor(
    private readonly lanes: Lane[],
    private readonly take: () => GameRecord,
    private readonly handBack: (game: GameRecord) => void,
  ) {
    this.visiting = lanes.map(() => null);
  }

  get clients(): number {
    return this.lanes.length;
  }

  async move(client: number): Promise<void> {
    const game = this.visiting[client] ?? this.take();
    this.visiting[client] = game;
    this.moved.add(game);
    await this.lanes[client].move(game);
    if (game.step === 0) {
      // The seat's turn is over: the game waits for its other player.
      this.visiting[client] = null;
      this.handBack(game);
    }
  }

  movesPerGame(): number {
    return average([...this.moved].map((game) => game.moves));
  }

  /** Games still in a visit go back too (mid-turn): the cold regime's next run may draw them. */
  close(): void {
    for (const game of this.visiting) if (game) this.handBack(game);
    for (const lane of this.lanes) lane.close();
  }
}

export function regimes(sizes: RegimeSizes): Regime[] {
  const coldGames = new Map<Contender, GameRecord[]>();
  return [
    {
      key: 'long',
      title: 'few long games',
      prepare: async (contender, clients) => {
        const games: GameRecord[] = [];
        for (let i = 0; i < clients; i++) games.push(await contender.newGame());
        const lanes = await openLanes(contender, clients);
        await Promise.all(lanes.map((lane, i) => lane.follow(games[i])));
        return new OwnGames(lanes, games);
      },
    },
    {
      key: 'short',
      title: `many short games (${sizes.shortGames}, at most ${SHORT_MOST_MOVES} moves)`,
      prepare: async (contender, clients) => {
        const waiting = await contender.playedGames(sizes.shortGames, 0, SHORT_START_MOST);
        const take = () => {
          const game = waiting.shift();
          if (!game) throw new Error(`the short regime's games all reached ${SHORT_MOST_MOVES} moves: start more of them`);
          return game;
        };
        const handBack = (game: GameRecord) => {
          if (game.moves + TURN.length <= SHORT_MOST_MOVES) waiting.push(game);
        };
        return new Visits(await openLanes(contender, clients), take, handBack);
      },
    },
    {
      key: 'cold',
      title: `cold games (${sizes.coldGames} of ${COLD_FEWEST}-${COLD_MOST} moves)`,
      prepare: async (contender, clients) => {
        if (!coldGames.has(contender)) coldGames.set(contender, await contender.playedGames(sizes.coldGames, COLD_FEWEST, COLD_MOST));
        const idle = coldGames.get(contender)!;
        const take = () => {
          const i = Math.floor(Math.random() * idle.length);
          const game = idle[i];
          idle[i] = idle[idle.length - 1];
          idle.pop();
          return game;
        };
        return new Visits(await openLanes(contender, clients), take, (game) => idle.push(game));
      },
    },
  ];
}
