/**
 * 3. Moves through the API: real games, driven by concurrent HTTP clients
 * (autocannon), each submitting a listed legal move of the seat to play.
 *
 * The load generator keeps a replica of each game it drives: it created the
 * games with known seeds and runs the same ruleset code, so it knows every
 * seat's legal moves without asking, and each accepted move costs exactly one
 * request.
 */
import autocannon from 'autocannon';
import { RULESETS_HOSTED } from '../src/games';
import type { AnyRuleset } from '../src/rules/contract';
import { startGame } from '../src/rules/playout';
import { seededRandom } from '../src/rules/random';
import { CpuSplit, startCpuCount } from './lib/cpu';

export interface Player {
  token: string;
}

interface Replica {
  id: string;
  ruleset: AnyRuleset;
  seed: string;
  version: number;
  state: unknown;
  seats: Player[];
}

/** The move a connection has in flight (autocannon may rebuild a request before sending it: the last build is what goes out). */
interface InFlight {
  game: Replica;
  seat: number;
  move: unknown;
}

export async function post(url: string, query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

export async function registerPlayers(url: string, count: number): Promise<Player[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const data = await post(url, `mutation($e: String!) { register(email: $e, password: "benchmark", displayName: "Bench ${i}") { token } }`, {
        e: `bench-${i}-${Date.now()}@example.org`,
      });
      return { token: data.register.token };
    }),
  );
}

/** Creates, fills and starts a game through the API; returns its replica. */
export async function createStartedGame(url: string, ruleset: AnyRuleset, players: Player[], seed: string): Promise<Replica> {
  const seats = ruleset.minSeats;
  const created = await post(url, `mutation($r: String!, $n: Int!, $s: String!) { createGame(input: { ruleset: $r, seats: $n, seed: $s }) { id } }`, { r: ruleset.id, n: seats, s: seed }, players[0].token);
  const id = created.createGame.id;
  for (let seat = 1; seat < seats; seat++) await post(url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id }, players[seat].token);
  const started = await post(url, `mutation($id: ID!) { startGame(gameId: $id) { version } }`, { id }, players[0].token);
  const { state } = startGame(ruleset, { seats, options: {} }, seed);
  return { id, ruleset, seed, version: started.startGame.version, state, seats: players.slice(0, seats) };
}

export async function createGames(url: string, players: Player[], count: number, concurrency = 16): Promise<Replica[]> {
  const games: Replica[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        games.push(await createStartedGame(url, RULESETS_HOSTED[i % RULESETS_HOSTED.length], players, `bench-${i}`));
      }
    }),
  );
  return games;
}

const SUBMIT = `mutation($id: ID!, $move: JSON!, $v: Int!) { submitMove(gameId: $id, move: $move, expectedVersion: $v) { version } }`;

function nextMove(game: Replica, pick: (n: number) => number): { seat: number; move: unknown } | null {
  const status = game.ruleset.status(game.state);
  if (status.finished) return null;
  const seat = status.activeSeats[pick(status.activeSeats.length)];
  const moves = game.ruleset.legalMoves(game.state, seat);
  return { seat, move: moves[pick(moves.length)] };
}

/** Applies an accepted move to the replica exactly as the server did. */
function applyAccepted({ game, seat, move }: InFlight, version: number): void {
  const decision = game.ruleset.decide(game.state, move, seat, seededRandom(`${game.seed}:${game.version}`));
  if (!decision.ok) throw new Error(`replica refused a move the server accepted: ${decision.message}`);
  for (const event of decision.events) game.state = game.ruleset.evolve(game.state, event);
  game.version = version;
}

/** Moves still in flight when the run stopped: learn from the server whether they were accepted. */
async function settleUnanswered(url: string, unanswered: Set<InFlight>): Promise<void> {
  for (const inFlight of unanswered) {
    const data = await post(url, `query($id: ID!) { game(id: $id) { version } }`, { id: inFlight.game.id });
    if (data.game.version > inFlight.game.version) applyAccepted(inFlight, data.game.version);
  }
}

export interface ApiMovesResult {
  connections: number;
  activeGames: number;
  accepted: number;
  refused: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  seconds: number;
  /** CPU per accepted move, by process. */
  cpuPerMove: CpuSplit;
}

export async function measureApiMoves(server: { url: string; pid: number }, games: Replica[], connections: number, durationSeconds: number): Promise<ApiMovesResult> {
  const { url } = server;
  const chooser = seededRandom('bench-choices');
  const pick = (n: number) => chooser.int(n);
  let accepted = 0;
  let refused = 0;
  /**
   * Games not in flight, oldest first. A request takes one and its response
   * puts it back, so no two requests ever race on one game. (autocannon
   * resets a connection's context after every request, so a connection
   * cannot keep games of its own.)
   */
  const idle = [...games];
  const inFlightMoves = new Set<InFlight>();
  const cpuPerMove = startCpuCount(server.pid);
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request: any, context: any) => {
          let choice: ReturnType<typeof nextMove> = null;
          let game: Replica | undefined;
          while (!choice) {
            game = idle.shift();
            if (!game) throw new Error('every game is finished or in flight: start more games');
            choice = nextMove(game, pick);
          }
          if (context.inFlight) {
            // Rebuilt before sending: release the earlier pick.
            inFlightMoves.delete(context.inFlight);
            idle.push(context.inFlight.game);
          }
          context.inFlight = { game: game!, ...choice } satisfies InFlight;
          inFlightMoves.add(context.inFlight);
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${game!.seats[choice.seat].token}` },
            body: JSON.stringify({ query: SUBMIT, variables: { id: game!.id, move: choice.move, v: game!.version } }),
          };
        },
        onResponse: (status: number, body: string, context: any) => {
          const inFlight = context.inFlight as InFlight;
          const parsed = JSON.parse(body) as { data?: { submitMove: { version: number } }; errors?: unknown[] };
          if (status === 200 && parsed.data?.submitMove) {
            applyAccepted(inFlight, parsed.data.submitMove.version);
            accepted++;
          } else {
            refused++;
            if (refused <= 3) console.error(`refused: ${body.slice(0, 300)}`);
          }
          inFlightMoves.delete(inFlight);
          idle.push(inFlight.game);
          context.inFlight = undefined;
        },
      },
    ],
  } as any);
  const cpu = cpuPerMove(accepted);
  await settleUnanswered(url, inFlightMoves);
  return {
    connections,
    activeGames: games.length,
    accepted,
    refused,
    perSecond: accepted / durationSeconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    seconds: durationSeconds,
    cpuPerMove: cpu,
  };
}
