/**
 * `npm run bench:peer`: this server beside boardgame.io 0.50 (its `Server`
 * with bgio-postgres), on one fresh PostgreSQL, each serving the counting
 * game, driven by this one load generator, each over its own transport:
 * boardgame.io over socket.io, this server with the page's own `SubmitMove`
 * over the page's graphql-ws socket and, to compare, over HTTP. See
 * bench/README.md, "Beside boardgame.io" and "Regimes", for what each
 * figure means.
 *
 * Sections, in order:
 * - throughput, in each regime (regimes.ts: a few long games, many short
 *   games, cold games): games in flight (8, then 32); the contenders take
 *   turns, A B C A B C..., for ROUNDS rounds, each run on games of its own
 *   made beforehand; then, per regime, whether each goal of issue 35 is met;
 * - growth: one game played to GROWTH_MOVES moves, by stretches;
 * - crash: kill -9 of the server right after it acknowledged a move, 8 games
 *   in flight, then a restart, and each game's last acknowledged move looked for.
 *
 * Flags: `--quick` (shorter runs, fewer games, a shorter game, fewer kills:
 * to check the harness); `--regimes=long,short,cold` (some of them only);
 * `--profile` (each of this server's contenders writes a CPU profile, with
 * runs.jsonl beside it saying when each of its runs was, for
 * bench/profile-summary.ts; the crash section is left out, as a kill writes
 * no profile).
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CpuSplit, startCpuCount } from '../lib/cpu';
import { BenchDatabase, freshDatabase, machineFacts } from '../lib/environment';
import { median, percentile, runClosedLoop } from '../lib/measure';
import { databaseOf, PostgresCounters } from '../lib/postgres-counters';
import { Report, round } from '../lib/report';
import type { Contender, Lane } from './contender';
import { Regime, RegimeKey, regimes, Workload } from './regimes';
import { ThisServer } from './this-server';
import type { Transport } from './this-server-lanes';
import { Goal, goalsOf, Run } from './goals';

const quick = process.argv.includes('--quick');
const profile = process.argv.includes('--profile');
const regimesAsked = process.argv
  .find((arg) => arg.startsWith('--regimes='))
  ?.slice('--regimes='.length)
  .split(',') as RegimeKey[] | undefined;
/** With --profile: a folder per contender of this server, holding its CPU profile and runs.jsonl. */
const PROFILE_DIR = join(__dirname, '..', 'results', 'profiles', `peer-${new Date().toISOString().replace(/[:.]/g, '-')}`);

const SECONDS = quick ? 3 : 10;
const IN_FLIGHT = [8, 32];
const ROUNDS = 3;
/** Enough that no game of a run goes past the regime's most moves (50 more each at 2,000 moves/s). */
const SHORT_GAMES = quick ? 150 : 400;
const COLD_GAMES = quick ? 1000 : 10_000;
const GROWTH_MOVES = quick ? 600 : 2000;
const GROWTH_STRETCH = GROWTH_MOVES / 4;
const KILLS = quick ? 2 : 5;
const CRASH_IN_FLIGHT = 8;
/** How long the games of a crash test play before the next acknowledgement kills the server. */
const PLAY_BEFORE_KILL_MS = 1000;
/** Wide enough for a median and its range. */
const SUMMARY_WIDTH = 22;
/** Each server's first moves, on games of their own, before anything is measured: no run times JIT compilation. */
const WARM_UP_SECONDS = 2;
/** The page's socket first: the page's own path. */
const TRANSPORTS: Transport[] = ['socket', 'http'];
const PEER_PACKAGES = ['boardgame.io', 'bgio-postgres', 'socket.io-client'];

/** Loaded only now: the module needs the peer package, which `npm run bench:peer` installs first. */
function startBoardgameIo(databaseUrl: string): Promise<Contender> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require('./boardgameio/contender') as { startContender(databaseUrl: string): Promise<Contender> };
  return module.startContender(databaseUrl);
}

function peerVersions(): Record<string, string> {
  return Object.fromEntries(
    PEER_PACKAGES.map((name) => [name, JSON.parse(readFileSync(join(__dirname, 'node_modules', name, 'package.json'), 'utf8')).version]),
  );
}

/** Why the server refuses a move over `contender`'s transport, or null when it takes it. */
async function refusal(contender: Contender): Promise<string | null> {
  const lane = await contender.openLane();
  try {
    await lane.move(await contender.newGame());
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    lane.close();
  }
}

/**
 * The contenders, each on a database of its own: boardgame.io first, then
 * this server over each transport that takes moves (the socket does only
 * once the server runs mutations sent over it).
 */
async function startContenders(database: BenchDatabase, report: Report): Promise<Contender[]> {
  // Copies of the migrated database are made before anything connects to it.
  const urls = [];
  for (const transport of TRANSPORTS) urls.push(await database.another(transport, 'migrated'));
  const contenders: Contender[] = [await startBoardgameIo(await database.another('boardgameio', 'empty'))];
  const leftOut: Record<string, string> = {};
  for (const [i, transport] of TRANSPORTS.entries()) {
    const profileFlags = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, transport)}`] : [];
    const contender = await ThisServer.start(transport, urls[i], profileFlags);
    const refused = await refusal(contender);
    if (refused === null) {
      contenders.push(contender);
      continue;
    }
    leftOut[contender.name] = refused;
    console.log(`${contender.name}: left out, the server refuses moves over it: ${refused}`);
    await contender.stop();
  }
  report.data.leftOut = leftOut;
  return contenders;
}

function describeCpu(cpu: CpuSplit): string {
  return `server ${round(cpu.serverMs, 2)}, PostgreSQL ${round(cpu.postgresMs, 2)}, load generator ${round(cpu.loadGeneratorMs, 2)}`;
}

/**
 * Counts each database's transactions between its runs. A count is read
 * only once its database has been left alone for a while (see
 * PostgresCounters), so the count that closes one run is the one that
 * opens the contender's next: the other contenders' runs in between give
 * the time, without waiting.
 */
class TransactionCounts {
  private readonly quietSince = new Map<Contender, number>();
  private readonly open = new Map<Contender, { run: Run; before: number }>();

  constructor(private readonly counters: PostgresCounters) {}

  /** Closes the contender's previous run, if any, and returns the count that opens the next. */
  private async settle(contender: Contender): Promise<number> {
    const count = await this.counters.settledTransactions(databaseOf(contender.databaseUrl), this.quietSince.get(contender) ?? performance.now());
    const previous = this.open.get(contender);
    if (previous) previous.run.transactionsPerMove = (count - previous.before) / Math.max(previous.run.operations, 1);
    this.open.delete(contender);
    return count;
  }

  async measure(contender: Contender, measureRun: () => Promise<Run>): Promise<Run> {
    const before = await this.settle(contender);
    const run = await measureRun();
    this.quietSince.set(contender, performance.now());
    this.open.set(contender, { run, before });
    return run;
  }

  /** After the last runs: closes every run still open. */
  async settleAll(contenders: Contender[]): Promise<void> {
    for (const contender of contenders) if (this.open.has(contender)) await this.settle(contender);
  }

  /** The contender's games were made or played outside a run: its next count must wait for them to settle. */
  touched(contender: Contender): void {
    this.quietSince.set(contender, performance.now());
  }
}

interface RunPlan {
  regime: Regime;
  contender: Contender;
  round: number;
  workload: Workload;
}

async function measureRun(plan: RunPlan, counters: PostgresCounters, postmasterPid: number | null): Promise<Run> {
  const { contender, workload } = plan;
  const cpu = startCpuCount({ serverPid: contender.server.pid, postmasterPid });
  const walBefore = await counters.walBytes();
  // On the clock of the server's CPU profile (CLOCK_MONOTONIC, in µs): with --profile, only the runs' samples are read.
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const result = await runClosedLoop(workload.clients, SECONDS * 1000, (client) => workload.move(client));
  if (profile && contender instanceof ThisServer) {
    const window = {
      regime: plan.regime.key,
      transport: contender.transport,
      connections: workload.clients,
      accepted: result.operations,
      startUs,
      endUs: Number(process.hrtime.bigint() / 1000n),
    };
    mkdirSync(join(PROFILE_DIR, contender.transport), { recursive: true });
    appendFileSync(join(PROFILE_DIR, contender.transport, 'runs.jsonl'), `${JSON.stringify(window)}\n`);
  }
  const walBytes = (await counters.walBytes()) - walBefore;
  return {
    regime: plan.regime.key,
    contender: contender.name,
    round: plan.round,
    ...result,
    movesPerGame: workload.movesPerGame(),
    cpuPerMove: cpu(result.operations),
    walBytesPerMove: walBytes / Math.max(result.operations, 1),
  };
}

/** A few seconds of moves on games of the contender's own, before anything is measured. */
async function warmUp(contender: Contender): Promise<void> {
  const games = await Promise.all(Array.from({ length: IN_FLIGHT[0] }, () => contender.newGame()));
  const lanes: Lane[] = await Promise.all(games.map(() => contender.openLane()));
  await runClosedLoop(games.length, WARM_UP_SECONDS * 1000, (client) => lanes[client].move(games[client]));
  for (const lane of lanes) lane.close();
}

/** Every run of a regime, its games made first, so that no database is written to between its runs but by them. */
async function plan(regime: Regime, contenders: Contender[]): Promise<RunPlan[]> {
  const plans: RunPlan[] = [];
  for (let roundNumber = 1; roundNumber <= ROUNDS; roundNumber++) {
    for (const inFlight of IN_FLIGHT) {
      for (const contender of contenders) plans.push({ regime, contender, round: roundNumber, workload: await regime.prepare(contender, inFlight) });
    }
  }
  return plans;
}

async function throughput(regime: Regime, contenders: Contender[], database: BenchDatabase, counters: PostgresCounters, report: Report): Promise<Run[]> {
  report.row([]);
  report.row([`${regime.title}: preparing its games...`]);
  const began = performance.now();
  const plans = await plan(regime, contenders);
  report.row([`  (made in ${round((performance.now() - began) / 1000, 0)} s)`]);
  const counts = new TransactionCounts(counters);
  for (const contender of contenders) counts.touched(contender);
  const runs: Run[] = [];
  report.row(['run', 'moves/s', 'p50 ms', 'p99 ms', 'moves/game', 'CPU ms per move']);
  for (const runPlan of plans) {
    const run = await counts.measure(runPlan.contender, () => measureRun(runPlan, counters, database.postmasterPid));
    runPlan.workload.close();
    runs.push(run);
    report.row([
      `${run.round}. ${run.contender}, ${run.concurrency} in flight`,
      round(run.perSecond, 0),
      round(run.p50Ms, 1),
      round(run.p99Ms, 1),
      round(run.movesPerGame, 0),
      describeCpu(run.cpuPerMove),
    ]);
  }
  await counts.settleAll(contenders);
  summarize(contenders, runs, report);
  judge(contenders, runs, report);
  return runs;
}

function range(values: number[], digits: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${round(median(sorted), digits)} (${round(sorted[0], digits)}-${round(sorted[sorted.length - 1], digits)})`;
}

/** Medians (and ranges) over the rounds, and this server's rate against boardgame.io's. */
function summarize(contenders: Contender[], runs: Run[], report: Report): void {
  report.row([]);
  report.row(
    ['median of the runs (range)', 'moves/s', 'vs boardgame.io', 'p50 ms', 'p99 ms', 'transactions/move', 'WAL bytes/move', 'CPU ms per move (medians)'],
    SUMMARY_WIDTH,
  );
  for (const inFlight of IN_FLIGHT) {
    const peerRate = median(runs.filter((run) => run.contender === contenders[0].name && run.concurrency === inFlight).map((run) => run.perSecond));
    for (const contender of contenders) {
      const mine = runs.filter((run) => run.contender === contender.name && run.concurrency === inFlight);
      const cpu = (key: 'serverMs' | 'postgresMs' | 'loadGeneratorMs') => round(median(mine.map((run) => run.cpuPerMove[key])), 2);
      report.row(
        [
          `${contender.name}, ${inFlight} in flight`,
          range(
            mine.map((run) => run.perSecond),
            0,
          ),
          round(median(mine.map((run) => run.perSecond)) / peerRate, 2),
          range(
            mine.map((run) => run.p50Ms),
            1,
          ),
          range(
            mine.map((run) => run.p99Ms),
            1,
          ),
          range(
            mine.map((run) => run.transactionsPerMove ?? NaN),
            2,
          ),
          range(
            mine.map((run) => run.walBytesPerMove),
            0,
          ),
          `server ${cpu('serverMs')}, PostgreSQL ${cpu('postgresMs')}, load generator ${cpu('loadGeneratorMs')}`,
        ],
        SUMMARY_WIDTH,
      );
    }
  }
}

/** Whether each of this server's contenders meets each goal in the regime (goals.ts). */
function judge(contenders: Contender[], runs: Run[], report: Report): void {
  const [peer, ...mine] = contenders;
  report.row([]);
  for (const contender of mine) {
    report.row([`issue 35's goals, ${contender.name}:`]);
    for (const goal of goalsOf(runs, contender.name, peer.name, IN_FLIGHT))
      report.row([`  ${goal.met ? 'met    ' : 'NOT MET'} ${goal.goal}: ${goal.measured}`]);
  }
}

interface Stretch {
  contender: string;
  fromMove: number;
  toMove: number;
  p50Ms: number;
  p99Ms: number;
  walBytesPerMove: number;
}

/** One game played to GROWTH_MOVES moves, one move at a time: latency and WAL per move by stretches of its length. */
async function growth(contenders: Contender[], counters: PostgresCounters, report: Report): Promise<Stretch[]> {
  const stretches: Stretch[] = [];
  report.row([]);
  report.row([`one game growing to ${GROWTH_MOVES} moves`, 'moves', 'p50 ms', 'p99 ms', 'WAL bytes/move']);
  for (const contender of contenders) {
    const game = await contender.newGame();
    const lane = await contender.openLane();
    await lane.follow(game);
    for (let from = 1; from <= GROWTH_MOVES; from += GROWTH_STRETCH) {
      const latencies: number[] = [];
      const walBefore = await counters.walBytes();
      for (let i = 0; i < GROWTH_STRETCH; i++) {
        const began = performance.now();
        await lane.move(game);
        latencies.push(performance.now() - began);
      }
      const walBytes = (await counters.walBytes()) - walBefore;
      latencies.sort((a, b) => a - b);
      const stretch = {
        contender: contender.name,
        fromMove: from,
        toMove: from + GROWTH_STRETCH - 1,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        walBytesPerMove: walBytes / GROWTH_STRETCH,
      };
      stretches.push(stretch);
      report.row([
        contender.name,
        `${stretch.fromMove}-${stretch.toMove}`,
        round(stretch.p50Ms, 1),
        round(stretch.p99Ms, 1),
        round(stretch.walBytesPerMove, 0),
      ]);
    }
    lane.close();
  }
  return stretches;
}

interface CrashResult {
  contender: string;
  kills: number;
  /** Over all kills: games whose last acknowledged move the restarted server no longer had. */
  gamesBehind: number;
  /** Over all kills: acknowledged moves the restarted server no longer had. */
  acknowledgedMovesLost: number;
  /** Over all kills: the games checked (CRASH_IN_FLIGHT per kill). */
  gamesChecked: number;
}

/**
 * CRASH_IN_FLIGHT games play for a second; then the first acknowledgement
 * to arrive kills the server with SIGKILL, from the handler that received
 * it. Other acknowledgements already on their way still count. After a
 * restart on the same database, each game's version on the server is
 * compared with the last one acknowledged to it.
 */
async function crashOnce(contender: Contender): Promise<{ gamesBehind: number; lost: number }> {
  const games = await Promise.all(Array.from({ length: CRASH_IN_FLIGHT }, () => contender.newGame()));
  const lanes = await Promise.all(games.map(() => contender.openLane()));
  await Promise.all(lanes.map((lane, i) => lane.follow(games[i])));
  const killAfter = performance.now() + PLAY_BEFORE_KILL_MS;
  let killed = false;
  for (const lane of lanes) {
    lane.onAcknowledged = () => {
      if (killed || performance.now() < killAfter) return;
      killed = true;
      process.kill(contender.server.pid, 'SIGKILL');
    };
  }
  // Each game plays until its connection fails under it.
  await Promise.allSettled(
    games.map(async (game, i) => {
      while (!killed) await lanes[i].move(game);
    }),
  );
  if (!killed) throw new Error(`${contender.name}: the games stopped before the kill`);
  await contender.server.kill(); // waits for the process to be gone
  await contender.restart();
  let gamesBehind = 0;
  let lost = 0;
  for (const lane of lanes) lane.close();
  for (const game of games) {
    const behind = game.version - (await contender.storedVersion(game));
    if (behind > 0) {
      gamesBehind++;
      lost += behind;
    }
  }
  return { gamesBehind, lost };
}

async function crash(contenders: Contender[], report: Report): Promise<CrashResult[]> {
  report.row([]);
  report.row([`kill -9 after an acknowledgement, ${CRASH_IN_FLIGHT} games`, 'kills', 'games behind', 'moves lost']);
  const results: CrashResult[] = [];
  // Durability does not depend on the transport: this server is killed once, over the page's own.
  for (const contender of contenders.slice(0, 2)) {
    const result: CrashResult = { contender: contender.name, kills: KILLS, gamesBehind: 0, acknowledgedMovesLost: 0, gamesChecked: KILLS * CRASH_IN_FLIGHT };
    for (let kill = 0; kill < KILLS; kill++) {
      const { gamesBehind, lost } = await crashOnce(contender);
      result.gamesBehind += gamesBehind;
      result.acknowledgedMovesLost += lost;
    }
    results.push(result);
    report.row([contender.name, result.kills, `${result.gamesBehind} of ${result.gamesChecked}`, result.acknowledgedMovesLost]);
  }
  return results;
}

function goalsByRegime(measured: Regime[], contenders: Contender[], runs: Run[]): Record<string, Record<string, Goal[]>> {
  const [peer, ...mine] = contenders;
  return Object.fromEntries(
    measured.map((regime) => [
      regime.key,
      Object.fromEntries(
        mine.map((contender) => [
          contender.name,
          goalsOf(
            runs.filter((run) => run.regime === regime.key),
            contender.name,
            peer.name,
            IN_FLIGHT,
          ),
        ]),
      ),
    ]),
  );
}

/** How much of each server's log a failed run prints. */
const SERVER_LOG_LINES = 40;

function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  const counters = await PostgresCounters.open(database.adminUrl);
  const report = new Report();
  let contenders: Contender[] = [];
  try {
    report.data.machine = { ...(await machineFacts(database.url)), peer: peerVersions() };
    const measured = regimes({ shortGames: SHORT_GAMES, coldGames: COLD_GAMES }).filter((regime) => !regimesAsked || regimesAsked.includes(regime.key));
    report.data.settings = {
      quick,
      profile,
      seconds: SECONDS,
      inFlight: IN_FLIGHT,
      rounds: ROUNDS,
      regimes: measured.map((regime) => regime.title),
      growthMoves: GROWTH_MOVES,
      kills: KILLS,
    };
    contenders = await startContenders(database, report);
    for (const contender of contenders) await warmUp(contender);
    const runs: Run[] = [];
    for (const regime of measured) runs.push(...(await throughput(regime, contenders, database, counters, report)));
    report.data.throughput = runs;
    report.data.goals = goalsByRegime(measured, contenders, runs);
    report.data.growth = await growth(contenders, counters, report);
    if (profile) console.log(`\nNo crash section with --profile. Profiles and run windows: ${PROFILE_DIR}/<transport>/`);
    else report.data.crash = await crash(contenders, report);
  } catch (error) {
    // A server's refusal says only "Something went wrong": the cause is in its log.
    for (const contender of contenders)
      console.error(`\n${contender.name}: the end of its server's log\n${lastLines(contender.server.output(), SERVER_LOG_LINES)}`);
    throw error;
  } finally {
    for (const contender of contenders) await contender.stop();
    await counters.close();
    await database.stop();
  }
  console.log(`\nWritten to ${report.write(`-peer${quick ? '-quick' : ''}${profile ? '-profile' : ''}`)}`);
}

// Exit explicitly: pools and the schema engine leave timers behind.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
