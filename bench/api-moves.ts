/**
 * 3. Moves through the API: real games, driven by concurrent HTTP clients
 * (autocannon), each request one listed legal move of the seat to play.
 *
 * The load generator keeps a replica of each game it drives: it created the
 * games with known seeds and runs the same ruleset code, so it knows every
 * seat's legal moves without asking, and each accepted move costs exactly one
 * request. Before each measurement, outside the timed window, every replica
 * is played forward into a script of ready-made requests, each with the
 * version the server must answer. During the run the load generator only
 * hands out the next request of an idle game and checks the answer's
 * version: it runs no rules code, so its own CPU, taken from the same cores
 * as the server's, stays small.
 */
import { appendFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { print } from 'graphql';
import { Client } from 'pg';
import { RULESETS_HOSTED } from '../src/games';
import { validOptions } from '../src/play/platform/options';
import type { AnyRuleset } from '../src/rules/contract';
import { type Random, seededRandom } from '../src/rules/random';
import { FixedSeedGame } from '../test/support/fixed-seed-game';
import { HistoryDocument, SubmitMoveDocument } from '../web/src/api/generated';
import { CpuSplit, startCpuCount } from './lib/cpu';
import { databaseOf, PostgresCounters } from './lib/postgres-counters';

export interface Player {
  token: string;
}

/** One precomputed move: the request that makes it and the version the server must answer. */
interface ScriptedMove {
  /** Its own object: autocannon writes the Content-Length into the headers it is given. */
  headers: Record<string, string>;
  /** The request's variables, as JSON: its body is them with the run's selection (see requestBody). */
  variables: string;
  /** The game's version the move is made at (its expectedVersion). */
  version: number;
  /** The game's version once the server has accepted it. */
  nextVersion: number;
}

export interface BenchGame {
  id: string;
  ruleset: AnyRuleset;
  seed: string;
  seats: Player[];
  /** The game as it will be once its whole script is accepted, drawn from as the server draws: where the script is extended from. */
  replica: FixedSeedGame<unknown>;
  /** Chooses the scripted seats and moves; one per game, so the games played do not depend on the order responses arrive in. */
  chooser: Random;
  /** Moves to send in order, from `cursor` on; those before it were accepted. */
  script: ScriptedMove[];
  cursor: number;
}

/** A move handed to a connection, with its game. */
interface SentMove {
  game: BenchGame;
  move: ScriptedMove;
}

/**
 * Twice the most accepted moves/s the API is expected to reach: scripts are
 * made long enough for a run at this rate, so they do not run out mid-run.
 */
const MOVES_PER_SECOND_CEILING = 3000;

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
      const data = await post(
        url,
        `mutation($e: String!) { register(email: $e, password: "benchmark players move fast", displayName: "Bench ${i}") { token } }`,
        {
          e: `bench-${i}-${Date.now()}@example.org`,
        },
      );
      return { token: data.register.token };
    }),
  );
}

/** Creates, fills and starts a game through the API; returns it with its replica and an empty script. */
export async function createStartedGame(url: string, ruleset: AnyRuleset, players: Player[], seed: string): Promise<BenchGame> {
  const seats = ruleset.minSeats;
  const created = await post(
    url,
    `mutation($r: String!, $n: Int!, $s: String!) { createGame(input: { ruleset: $r, seats: $n, seed: $s, autoStart: false }) { id } }`,
    { r: ruleset.id, n: seats, s: seed },
    players[0].token,
  );
  const id = created.createGame.id;
  for (let seat = 1; seat < seats; seat++) await post(url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id }, players[seat].token);
  const started = await post(url, `mutation($id: ID!) { startGame(gameId: $id) { version } }`, { id }, players[0].token);
  const replica = new FixedSeedGame(ruleset, seed, { seats, options: validOptions(ruleset, {}) });
  if (replica.version !== started.startGame.version)
    throw new Error(`replica of game ${id} starts at version ${replica.version}, the server's at ${started.startGame.version}`);
  return {
    id,
    ruleset,
    seed,
    seats: players.slice(0, seats),
    replica,
    chooser: seededRandom(`${seed}:bench-choices`),
    script: [],
    cursor: 0,
  };
}

export async function createGames(url: string, players: Player[], count: number, concurrency = 16): Promise<BenchGame[]> {
  const games: BenchGame[] = [];
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

/** How many entries a page's history request asks for at most (`HISTORY`'s `first`). */
const HISTORY_PAGE = 500;

/**
 * What a player's page does when it opens a game, before any move there:
 * it reads the game's whole history (web/src/play/use-history.ts), a page of
 * entries at a time. The page's runs start from there, as a player's moves
 * do: a move's answer then brings its entries built from its append, not
 * read (bench/README.md, item 31). Done outside the timed runs.
 */
export async function openGamesInPages(url: string, games: BenchGame[], concurrency = 16): Promise<void> {
  const query = print(HistoryDocument);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < games.length) {
        const game = games[next++];
        for (let after = 0, read = HISTORY_PAGE; read === HISTORY_PAGE; after += read) {
          read = (await post(url, query, { id: game.id, after }, game.seats[0].token)).game.history.length;
        }
      }
    }),
  );
}

/**
 * What the move's answer selects: `lean`, its version alone; `page`, what
 * the web page selects after every move (its own SubmitMove operation, with
 * a clientMoveId, as it sends it).
 */
export type Selection = 'lean' | 'page';

const SUBMIT: Record<Selection, string> = {
  lean: `mutation($id: ID!, $move: JSON!, $version: Int!) { submitMove(gameId: $id, move: $move, expectedVersion: $version) { version } }`,
  page: print(SubmitMoveDocument),
};

/** A scripted move's body for a run with `selection`: its variables (a JSON text) joined to the query without parsing them again. */
function requestBody(selection: Selection, move: ScriptedMove): string {
  return `{"query":${JSON.stringify(SUBMIT[selection])},"variables":${move.variables}}`;
}

/** Chooses the replica's next move, decides it exactly as the server will, and writes the request that makes it. */
function scriptNextMove(game: BenchGame): ScriptedMove {
  const { replica, chooser } = game;
  const { activeSeats } = replica.status;
  const seat = activeSeats[chooser.int(activeSeats.length)];
  const moves = replica.legalMoves(seat);
  const move = moves[chooser.int(moves.length)];
  const version = replica.version;
  const nextVersion = replica.play(move, seat);
  return {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${game.seats[seat].token}` },
    // The lean query declares no clientMoveId, and ignores it.
    variables: JSON.stringify({ id: game.id, move, version, clientMoveId: `${game.id}:${version}` }),
    version,
    nextVersion,
  };
}

function hasMovesLeft(game: BenchGame): boolean {
  return game.cursor < game.script.length;
}

/**
 * Moves each game's script must hold for a run of `seconds`: the most it could
 * take at the ceiling rate, spread over the games still playing (idle games
 * are taken oldest first, so they advance evenly).
 */
function movesNeededPerGame(games: BenchGame[], seconds: number): number {
  const playing = games.filter((game) => hasMovesLeft(game) || !game.replica.status.finished).length;
  return Math.ceil((MOVES_PER_SECOND_CEILING * seconds) / Math.max(playing, 1));
}

/** Drops the accepted moves of each script and plays its replica forward until `movesPerGame` are ready (or the game ends); returns how many were made. */
function extendScripts(games: BenchGame[], movesPerGame: number): number {
  let made = 0;
  for (const game of games) {
    game.script = game.script.slice(game.cursor);
    game.cursor = 0;
    while (game.script.length < movesPerGame && !game.replica.status.finished) {
      game.script.push(scriptNextMove(game));
      made++;
    }
  }
  return made;
}

/** Readies every game's script for a run of `seconds`, and says how long it took. */
function prepareScripts(games: BenchGame[], seconds: number): number {
  const startedAt = performance.now();
  const movesPerGame = movesNeededPerGame(games, seconds);
  const made = extendScripts(games, movesPerGame);
  const ms = performance.now() - startedAt;
  console.log(`  (precomputed ${made} moves, up to ${movesPerGame} per game, in ${Math.round(ms)} ms)`);
  return ms;
}

/** The version the server answered a submitMove with, if it accepted the move. */
function acceptedVersion(status: number, body: string): number | undefined {
  if (status !== 200) return undefined;
  const parsed = JSON.parse(body) as { data?: { submitMove?: { version: number } } };
  return parsed.data?.submitMove?.version;
}

/**
 * Moves sent but not known to be accepted (unanswered when autocannon
 * stopped, or refused), settled so the next run starts from each game's true
 * state. Asking for the game's version alone could come too early: the
 * server may still be working on a request autocannon gave up on. So each
 * move is sent again: the server's version check lets at most one of the two
 * copies in, and once the second is answered the first has been decided.
 */
async function settleUnconfirmed(url: string, selection: Selection, unconfirmed: Iterable<SentMove>): Promise<void> {
  for (const sent of unconfirmed) {
    if (await resentAndAccepted(url, selection, sent)) sent.game.cursor++;
  }
}

/** Sends a move again; true when the server has it, from this copy or the first. */
async function resentAndAccepted(url: string, selection: Selection, { game, move }: SentMove): Promise<boolean> {
  // Not move.headers itself: autocannon has written its Content-Length into them, which fetch sets itself.
  const headers = { 'content-type': 'application/json', authorization: move.headers.authorization };
  const response = await fetch(url, { method: 'POST', headers, body: requestBody(selection, move) });
  if (acceptedVersion(response.status, await response.text()) === move.nextVersion) return true;
  const data = await post(url, `query($id: ID!) { game(id: $id) { version } }`, { id: game.id });
  const version = data.game.version as number;
  if (version !== move.version && version !== move.nextVersion) {
    throw new Error(`game ${game.id} is at version ${version} on the server; its script expected ${move.version} or ${move.nextVersion}`);
  }
  return version === move.nextVersion;
}

/** Says so when games ran out of moves before the run ended: the ceiling rate was too low, and the run may have starved. */
function warnIfScriptsRanOut(games: BenchGame[]): void {
  const ranOut = games.filter((game) => !hasMovesLeft(game) && !game.replica.status.finished).length;
  if (ranOut > 0) console.warn(`  (${ranOut} games used up their scripts: raise MOVES_PER_SECOND_CEILING)`);
}

export interface ApiMovesResult {
  selection: Selection;
  connections: number;
  /** Games with moves to play when the run started. */
  activeGames: number;
  accepted: number;
  refused: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  seconds: number;
  /** Time spent scripting the run's moves beforehand (not part of the run). */
  precomputeMs: number;
  /** CPU per accepted move, by process. */
  cpuPerMove: CpuSplit;
  /** Mails the SMTP sink received during the run. */
  mailsSent: number;
  /** Notifications still waiting to be sent when the run ended (mail that fell behind). */
  mailBacklog: number;
  /** "Your turn" notifications not sent during the run because the player had moved by then. */
  mailsSuperseded: number;
  /**
   * Transactions the database ended per accepted move (pg_stat_database),
   * from the start of the run until its mail has gone out: the server's and
   * its mail worker's (claiming and marking each mail it sends).
   */
  transactionsPerMove: number;
  /** Whether the mail worker was still sending older mail, or this run's, when counting started or ended (then its sends count too). */
  transactionsInclude: 'the run and its mail' | "more mail than the run's";
}

/** How long a run waits for the previous run's mail to go out, so that each run pays for its own. */
const MAIL_DRAIN_LIMIT_MS = 60_000;

/** Counts the notifications no one has sent yet. */
export class MailBacklog {
  private constructor(private readonly client: Client) {}

  static async open(databaseUrl: string): Promise<MailBacklog> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    return new MailBacklog(client);
  }

  async count(status = 'PENDING'): Promise<number> {
    const { rows } = await this.client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM notifications WHERE status = $1::text::"NotificationStatus"`,
      [status],
    );
    return rows[0].count;
  }

  superseded(): Promise<number> {
    return this.count('SUPERSEDED');
  }

  /** Waits until nothing is pending (or the limit passes); says whether nothing is. With MAIL_WORKER=off nothing is ever sent: no wait. */
  async drain(): Promise<boolean> {
    const until = process.env.MAIL_WORKER === 'off' ? Date.now() : Date.now() + MAIL_DRAIN_LIMIT_MS;
    while ((await this.count()) > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
    return (await this.count()) === 0;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

export interface ApiMovesRun {
  selection: Selection;
  connections: number;
  durationSeconds: number;
}

export interface ApiMovesDatabase {
  url: string;
  postmasterPid: number | null;
  counters: PostgresCounters;
}

export async function measureApiMoves(
  server: { url: string; pid: number },
  mailSink: { pid: number; received(): Promise<number> },
  mail: MailBacklog,
  games: BenchGame[],
  { selection, connections, durationSeconds }: ApiMovesRun,
  database: ApiMovesDatabase,
): Promise<ApiMovesResult> {
  const { url } = server;
  const postmasterPid = database.postmasterPid;
  const precomputeMs = prepareScripts(games, durationSeconds);
  let accepted = 0;
  let refused = 0;
  /**
   * Games with a move ready and none in flight, oldest first. A request takes
   * one and its acceptance puts it back, so no two requests ever race on one
   * game. (autocannon resets a connection's context after every request, so a
   * connection cannot keep games of its own.)
   */
  const idle = games.filter(hasMovesLeft);
  const activeGames = idle.length;
  /** Moves handed out and not yet known accepted; a refused move's game stays out of play until settled. */
  const unconfirmed = new Set<SentMove>();
  const mailBefore = await mail.drain();
  const transactionsBefore = await database.counters.settledTransactions(databaseOf(database.url), performance.now());
  const mailsBefore = await mailSink.received();
  const supersededBefore = await mail.superseded();
  const cpuPerMove = startCpuCount({ serverPid: server.pid, mailSinkPid: mailSink.pid, postmasterPid });
  const startedAt = performance.now();
  const monotonicStart = process.hrtime.bigint();
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request: any, context: any) => {
          const game = idle.shift();
          if (!game) throw new Error('no game has a move ready: raise MOVES_PER_SECOND_CEILING or start more games');
          if (context.sent) {
            // autocannon rebuilt the request before sending it: the earlier pick never went out.
            unconfirmed.delete(context.sent);
            idle.push(context.sent.game);
          }
          const sent: SentMove = { game, move: game.script[game.cursor] };
          unconfirmed.add(sent);
          context.sent = sent;
          return { ...request, headers: sent.move.headers, body: requestBody(selection, sent.move) };
        },
        onResponse: (status: number, body: string, context: any) => {
          const sent = context.sent as SentMove;
          context.sent = undefined;
          if (acceptedVersion(status, body) !== sent.move.nextVersion) {
            refused++;
            if (refused <= 3) console.error(`refused: ${body.slice(0, 300)}`);
            return;
          }
          accepted++;
          unconfirmed.delete(sent);
          sent.game.cursor++;
          if (hasMovesLeft(sent.game)) idle.push(sent.game);
        },
      },
    ],
  } as any);
  // The run's own length, connecting included, rather than the duration asked for.
  const seconds = (performance.now() - startedAt) / 1000;
  // With --profile: when the run was, on the clock of the server's CPU profile (CLOCK_MONOTONIC, in µs), to read only the run's samples.
  if (process.env.BENCH_RUN_WINDOWS) {
    const window = { selection, connections, accepted, startUs: Number(monotonicStart / 1000n), endUs: Number(process.hrtime.bigint() / 1000n) };
    appendFileSync(process.env.BENCH_RUN_WINDOWS, `${JSON.stringify(window)}\n`);
  }
  const cpu = cpuPerMove(accepted);
  const mailsSent = (await mailSink.received()) - mailsBefore;
  const mailBacklog = await mail.count();
  const mailsSuperseded = (await mail.superseded()) - supersededBefore;
  await settleUnconfirmed(url, selection, unconfirmed);
  warnIfScriptsRanOut(games);
  const mailAfter = await mail.drain();
  const transactions = (await database.counters.settledTransactions(databaseOf(database.url), performance.now())) - transactionsBefore;
  return {
    selection,
    connections,
    activeGames,
    accepted,
    refused,
    perSecond: accepted / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    seconds,
    precomputeMs,
    cpuPerMove: cpu,
    mailsSent,
    mailBacklog,
    mailsSuperseded,
    transactionsPerMove: transactions / Math.max(accepted, 1),
    transactionsInclude: mailBefore && mailAfter ? 'the run and its mail' : "more mail than the run's",
  };
}
