/**
 * Whole Mob Town games played through the web page by clicks only: a
 * competitive game with every variant (Professionals, City cards, Landmarks,
 * Big Money) for two players, one of them on a phone, and a co-op game
 * ("Upholding the Law") for three.
 *
 * At every step the test reads the active seat's legal moves from the API,
 * checks that the page offers exactly those (the targets they belong on
 * glow, one button for each of the others), chooses one with a seeded
 * pseudo-random choice, and makes it the way a player would: it clicks the
 * glowing board target where the page offers that move, then the move in
 * the chooser when the target offers several; or the move's button. The
 * page must send exactly the chosen move, and every open page must show the
 * new version. Both games are played to their end, and across them every
 * move type of the ruleset must have been clicked at least once.
 *
 * The game seeds are pinned (COMPETITIVE, CO_OP) so that, with their choice
 * seeds, the two games click every move type between them; when the rules or
 * the draws change, `MOB_TOWN_FIND_SEEDS=1` runs the search at the end of this
 * file (pure rules, no browser, as the server plays them) to print new ones.
 */
import type { Browser, Page } from 'playwright-core';
import { mobTown, type MobTownView } from '../../src/games/mob-town';
import type { Move as RulesMove } from '../../src/games/mob-town/moves';
import type { State } from '../../src/games/mob-town/state';
import { validOptions } from '../../src/play/platform/options';
import { seededRandom, type Random } from '../../src/rules/random';
import { gqlOk, registerPlayer, startTestServer, type Player, type TestServer } from '../support/app';
import { FixedSeedGame } from '../support/fixed-seed-game';
import {
  chooseByType,
  clickMove,
  DESKTOP,
  expectEndScreen,
  launchBrowser,
  openWindow,
  PHONE,
  recordSentMoves,
  seatState,
  type SeatState as BrowserSeatState,
  waitForOffer,
  waitForVersionAbove,
  waitForVersionEverywhere,
  type Way,
} from './browser';
import { mobTownTargets as targetsOf, mobTownWords, type MobTownMove } from './move-targets';
import { startGame } from '../support/games';

type MoveType = RulesMove['type'];
type Move = MobTownMove;

/** Every move type of the ruleset; the compiler refuses this list when a type is missing. */
const MOVE_TYPES = [
  'chooseAgenda',
  'swapAgenda',
  'draw',
  'freeDraw',
  'trade',
  'cashIn',
  'pick',
  'takeOver',
  'pay',
  'openLot',
  'hire',
  'skip',
  'chooseRole',
  'placePawn',
  'move',
  'clearOut',
  'shutDown',
  'stop',
  'endTurn',
] as const satisfies readonly MoveType[];
const allTypesListed: Exclude<MoveType, (typeof MOVE_TYPES)[number]> extends never ? true : false = true;

/**
 * How likely each offered type is chosen (then one move of that type,
 * uniformly). Favouring draws and cash-ins ends rounds sooner (a round ends
 * when the Law is drawn); agenda swaps and trades are offered at almost
 * every step and would otherwise fill the game. A type this game has not
 * clicked yet goes first, so that rare moves are made when they turn up.
 */
const WEIGHT: Record<MoveType, number> = {
  chooseAgenda: 1,
  swapAgenda: 0.4,
  draw: 4,
  freeDraw: 3,
  trade: 1,
  cashIn: 3,
  pick: 1,
  takeOver: 3,
  pay: 1,
  openLot: 2,
  hire: 2,
  skip: 1,
  chooseRole: 1,
  placePawn: 1,
  move: 2,
  clearOut: 3,
  shutDown: 4,
  stop: 1,
  endTurn: 0.5,
};

/** A move as text with sorted keys: the order the API lists moves in is not part of the contract. */
const canonical = (move: Move) => JSON.stringify(Object.fromEntries(Object.entries(move).sort(([a], [b]) => (a < b ? -1 : 1))));

type Counts = Partial<Record<MoveType, number>>;

/** A game the test plays: its players, options, game seed and the seed of its choices. */
interface GamePlan {
  seats: number;
  options: Record<string, unknown>;
  seed: string;
  choices: string;
}

const COMPETITIVE: GamePlan = {
  seats: 2,
  options: { professionals: true, cityCards: true, landmarks: true, bigMoney: true },
  seed: 'web-mob-town-full-39',
  choices: 'clicks-competitive',
};
const CO_OP: GamePlan = { seats: 3, options: { mode: 'coop' }, seed: 'web-mob-town-coop-49', choices: 'clicks-coop' };

/** The seat that moves next, of those that may: chosen as a player might be the first to act. */
const nextSeat = (activeSeats: number[], random: Random) => activeSeats[random.int(activeSeats.length)];

/** The seeded choice: a type by its WEIGHT (one not clicked yet first), then a move of that type, in their canonical order. */
function chooseMove(moves: Move[], random: Random, clicked: Counts): Move {
  const inOrder = [...moves].sort((a, b) => (canonical(a) < canonical(b) ? -1 : 1));
  return chooseByType(inOrder, random, (listed) => {
    const offered = [...listed].sort();
    const unseen = offered.filter((type) => !clicked[type]);
    const types = unseen.length > 0 ? unseen : offered;
    const total = types.reduce((sum, type) => sum + WEIGHT[type], 0);
    let roll = (random.int(1_000_000) / 1_000_000) * total;
    return types.find((t) => (roll -= WEIGHT[t]) < 0) ?? types[types.length - 1];
  });
}

interface Seat {
  player: Player;
  page: Page;
  /** Every move this window sent, read from its requests. */
  sent: Move[];
}

type SeatState = BrowserSeatState<Move, MobTownView>;

interface PlayedGame {
  steps: number;
  clicked: Counts;
  /** At how many steps a type was among the legal moves. */
  offered: Counts;
  ways: Record<Way, number>;
  ms: number;
}

describe('web page: whole Mob Town games by clicks only', () => {
  let server: TestServer;
  let chromium: Browser;
  let baseUrl: string;
  const players: Player[] = [];
  const windows = new Map<string, Seat>();
  const played: Record<string, PlayedGame> = {};

  beforeAll(async () => {
    // The test reads the game through the API between clicks, polling as no person does:
    // the read budget per player (tested in behind-a-proxy.e2e-spec.ts) would hold it up.
    server = await startTestServer({ web: true, rateLimits: false });
    chromium = await launchBrowser();
    baseUrl = server.url.replace(/\/graphql$/, '');
    players.push(...(await Promise.all(['Ann', 'Bob', 'Cy'].map((name) => registerPlayer(server.url, name)))));
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  /** The player's own window, opened once (Bob's on the phone size), showing game `id`. */
  async function windowOf(player: Player, id: string): Promise<Seat> {
    let seat = windows.get(player.id);
    if (!seat) {
      const { page } = await openWindow(chromium, baseUrl, { viewport: player.name === 'Bob' ? PHONE : DESKTOP, token: player.token });
      seat = { player, page, sent: recordSentMoves<Move>(page) };
      windows.set(player.id, seat);
    }
    await seat.page.goto(`/games/${id}`);
    await seat.page.locator('.play-area').waitFor();
    return seat;
  }

  function createGame(seats: Player[], { options, seed }: GamePlan): Promise<string> {
    return startGame(server.url, seats, { ruleset: 'mob-town', options, seed });
  }

  function stateFor(id: string, player: Player): Promise<SeatState> {
    return seatState(server.url, id, player.token);
  }

  /** Plays game `id` to its end by clicks; `seats[i]` is the window of seat i. */
  async function playToTheEnd(name: string, id: string, seats: Seat[], { choices }: GamePlan): Promise<PlayedGame> {
    const started = Date.now();
    const random = seededRandom(choices);
    const game: PlayedGame = { steps: 0, clicked: {}, offered: {}, ways: { target: 0, chooser: 0, button: 0 }, ms: 0 };
    played[name] = game;
    let asked = 0;
    for (;;) {
      // The game as the last mover sees it; then as the seat that moves, if another.
      let state = await stateFor(id, seats[asked].player);
      const { version, status, activeSeats } = state;
      // Live updates: every page shows the last move, the mover's and the others'.
      await waitForVersionEverywhere(
        seats.map((seat) => seat.page),
        version,
        true,
      );
      if (status === 'FINISHED') break;
      expect(game.steps).toBeLessThan(1000);

      const seatNo = nextSeat(activeSeats, random);
      if (seatNo !== asked) state = await stateFor(id, seats[seatNo].player);
      expect(state).toMatchObject({ version, mySeat: seatNo });
      asked = seatNo;
      const { page, sent } = seats[seatNo];
      const moves = state.legalMoves;
      expect(moves.length).toBeGreaterThan(0);
      for (const type of new Set(moves.map((m) => m.type))) game.offered[type] = (game.offered[type] ?? 0) + 1;
      // The page offers exactly the legal moves: the targets they are offered on glow, one enabled button for each of the others.
      const buttons = moves.filter((move) => targetsOf(move).length === 0).length;
      await waitForOffer(
        page,
        { version, turn: 'mine', targets: moves.flatMap(targetsOf), buttons },
        `${name}, step ${game.steps}, seat ${seatNo}, legal moves ${JSON.stringify(moves)}`,
      );

      const move = chooseMove(moves, random, game.clicked);
      // Buttons and choices are found by the page's own words for the moves, which must tell them apart.
      // The API's JSON moves are the game's own (the page reads them so: web/src/games/registry.ts).
      const words = mobTownWords(state.view);
      const sentBefore = sent.length;
      let way: Way;
      try {
        way = await clickMove(page, move, moves, targetsOf, (n) => random.int(n), words);
      } catch (error) {
        throw new Error(
          `${name}, step ${game.steps}, seat ${seatNo}: could not click ${JSON.stringify(move)}\n${(error as Error).message}\nLegal: ${JSON.stringify(moves)}`,
          { cause: error },
        );
      }
      await waitForVersionAbove(page, version);
      // The click sent the chosen move, once.
      expect(sent.slice(sentBefore)).toEqual([move]);
      game.clicked[move.type] = (game.clicked[move.type] ?? 0) + 1;
      game.ways[way]++;
      game.steps++;
    }
    game.ms = Date.now() - started;
    return game;
  }

  /** Every window shows the end screen, as its player sees it, and offers nothing more. */
  async function expectGameOver(seats: Seat[], result: Result): Promise<void> {
    for (const [seat, { page }] of seats.entries()) {
      await expectEndScreen(
        page,
        seat,
        result,
        players.map((player) => player.name),
      );
      expect(await page.locator('.target.offered').count()).toBe(0);
      expect(await page.locator('.move-bar button.move').count()).toBe(0);
    }
  }

  interface Result {
    winners: number[];
    scores?: number[];
    /** Co-op: whether the team won, and why the game ended. */
    detail?: { outcome?: string; reason?: string };
  }

  async function resultOf(id: string): Promise<Result> {
    const data = await gqlOk<{ game: { result: Result } }>(server.url, `query($id: ID!) { game(id: $id) { result } }`, { id }, players[0].token);
    return data.game.result;
  }

  it('plays a competitive game with every variant to its end, two players, one on a phone', async () => {
    const id = await createGame(players.slice(0, 2), COMPETITIVE);
    const seats = [await windowOf(players[0], id), await windowOf(players[1], id)];
    const game = await playToTheEnd('competitive', id, seats, COMPETITIVE);
    expect(game.steps).toBeGreaterThan(100);

    const result = await resultOf(id);
    expect(result.winners.length).toBeGreaterThan(0);
    // "You won" to the winner, "You came 2nd" to the other, with the server's scores by category.
    await expectGameOver(seats, result);
  }, 120_000);

  it('plays a co-op game (Upholding the Law) to its end, three players', async () => {
    const id = await createGame(players, CO_OP);
    const seats: Seat[] = [];
    for (const player of players) seats.push(await windowOf(player, id));
    const game = await playToTheEnd('co-op', id, seats, CO_OP);
    expect(game.steps).toBeGreaterThan(20);

    // The team wins or loses together, and each page says which and why.
    const { winners, detail } = await resultOf(id);
    const { outcome, reason } = detail!;
    expect(winners.length).toBe(outcome === 'won' ? 3 : 0);
    await expectGameOver(seats, { winners, detail });
    for (const { page } of seats)
      await expect(page.locator('.end-screen .headline').textContent()).resolves.toMatch(winners.length > 0 ? /^You won, together with/ : /^You lost$/);
    for (const { page } of seats) await expect(page.locator('.board-facts .outcome').textContent()).resolves.toBe(` · the team ${outcome}: ${reason}`);
  }, 60_000);

  it('has clicked every move type of the ruleset', () => {
    expect(allTypesListed).toBe(true);
    const names = Object.keys(played);
    const cell = (game: PlayedGame, type: MoveType) => `${game.clicked[type] ?? 0} of ${game.offered[type] ?? 0}`;
    const table = [
      ['move type', ...names.map((name) => `${name}: clicked of offered`)],
      ...MOVE_TYPES.map((type) => [type, ...names.map((name) => cell(played[name], type))]),
      ['(moves)', ...names.map((name) => played[name].steps)],
      ['(target alone)', ...names.map((name) => played[name].ways.target)],
      ['(chooser)', ...names.map((name) => played[name].ways.chooser)],
      ['(button)', ...names.map((name) => played[name].ways.button)],
      ['(seconds)', ...names.map((name) => (played[name].ms / 1000).toFixed(1))],
    ];
    console.log(`Mob Town moves clicked, of the steps they were offered at:\n${table.map((row) => row.map((c) => String(c).padEnd(34)).join('')).join('\n')}`);
    const missing = MOVE_TYPES.filter((type) => names.every((name) => !played[name].clicked[type]));
    expect(missing).toEqual([]);
  });
});

/** The game of `plan` without a browser, its seats and moves chosen (and its targets picked) as the test chooses them. */
function planGame(plan: GamePlan): { steps: number; clicked: Set<MoveType> } {
  const game = new FixedSeedGame<State, Move>(mobTown, plan.seed, { seats: plan.seats, options: validOptions(mobTown, plan.options) });
  const random = seededRandom(plan.choices);
  const clicked: Counts = {};
  let steps = 0;
  for (; !game.status.finished && steps < 1000; steps++) {
    const seat = nextSeat(game.status.activeSeats, random);
    const move = chooseMove(game.legalMoves(seat), random, clicked);
    // clickMove picks one of the move's targets with the same generator.
    const targets = targetsOf(move);
    if (targets.length > 0) random.int(targets.length);
    clicked[move.type] = (clicked[move.type] ?? 0) + 1;
    game.play(move, seat);
  }
  return { steps, clicked: new Set(Object.keys(clicked) as MoveType[]) };
}

// A tool, not a test: MOB_TOWN_FIND_SEEDS=1 lists game seeds for the two games whose moves, between them, are every move type.
if (process.env.MOB_TOWN_FIND_SEEDS) {
  describe('seeds for the Mob Town web tests', () => {
    it('finds seeds for the competitive and co-op games that click every move type between them', () => {
      const plans = (base: GamePlan, name: string) =>
        Array.from({ length: 60 }, (_, n) => ({ seed: `${name}-${n}`, ...planGame({ ...base, seed: `${name}-${n}` }) }));
      const competitive = plans(COMPETITIVE, 'web-mob-town-full').filter((plan) => plan.steps > 100);
      const coop = plans(CO_OP, 'web-mob-town-coop').filter((plan) => plan.steps > 20);
      const pairs = competitive.flatMap((a) => coop.map((b) => ({ a, b, steps: a.steps + b.steps })));
      const covering = pairs.filter(({ a, b }) => MOVE_TYPES.every((type) => a.clicked.has(type) || b.clicked.has(type))).sort((x, y) => x.steps - y.steps);
      console.log(
        covering
          .slice(0, 5)
          .map(({ a, b }) => `${a.seed} (${a.steps} moves) + ${b.seed} (${b.steps} moves)`)
          .join('\n'),
      );
    }, 600_000);
  });
}
