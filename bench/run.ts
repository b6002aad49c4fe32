/**
 * `npm run bench`: measures the server on a fresh PostgreSQL and prints a
 * table beside the physical limit measured in the same run, then writes the
 * figures to bench/results/<time>.json with the machine's facts.
 * See bench/README.md for what each figure means and what was done about it.
 *
 * Flags: `--quick` (shorter runs, fewer games), `--only=raw,append,replay,api,scale,bots`,
 * `--profile` (the server process writes a CPU profile to bench/results/profiles, with runs-*.jsonl
 * beside it: when each API run was, for bench/profile-summary.ts to count only their samples).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ApiMovesResult, ApiMovesRun, BenchGame, createGames, MailBacklog, measureApiMoves, openGamesInPages, registerPlayers, Selection } from './api-moves';
import { RULESETS_HOSTED } from '../src/games';
import type { CpuSplit } from './lib/cpu';
import { BenchDatabase, freshDatabase, machineFacts, ServerProcess, startServerProcess } from './lib/environment';
import type { Throughput } from './lib/measure';
import { PostgresCounters } from './lib/postgres-counters';
import { Report, round } from './lib/report';
import { measureBots, type MoveCosts } from './bots';
import { measureAppends, measureRawInserts } from './raw-and-append';
import { measureReplay } from './replay';
import { fillEventsTable } from './scale';
import { SmtpSink } from './lib/smtp-sink';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const profile = args.includes('--profile');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const runs = (section: string) => !only || only.includes(section);

const SECONDS = quick ? 3 : 10;
const CONCURRENCY = [1, 8, 32];
const API_CONNECTIONS = [8, 32];
/** The move's answer: its version alone, then what the web page selects (see api-moves.ts). */
const API_SELECTIONS: Selection[] = ['lean', 'page'];
const API_GAMES = 1000;
const SCALE_GAMES = quick ? 2000 : 10000;
/** The cold regime's churn before memory is read: moves to the active games in turn, so that each is loaded (bench/README.md, "Regimes"). */
const CHURN_SECONDS = quick ? 5 : 30;
const CHURN_CONNECTIONS = 32;
/** Issue 35's goal for the server's memory with SCALE_GAMES active games. */
const MEMORY_GOAL_MIB = 512;
const REPLAY_LENGTHS = quick ? [1000, 10000] : [1000, 10000, 100000];
const PROFILE_DIR = join(__dirname, 'results', 'profiles');
/** Games of GREEDY against RANDOM per ruleset (issue 33's goal is measured on 50). */
const BOT_GAMES = quick ? 10 : 50;

async function rawAndAppend(database: BenchDatabase, report: Report) {
  const raw: Record<number, Throughput> = {};
  const append: Record<number, Throughput> = {};
  for (const concurrency of CONCURRENCY) {
    raw[concurrency] = await measureRawInserts(database.url, concurrency, SECONDS * 1000);
    report.throughput(`raw insert, ${concurrency} writers`, raw[concurrency], raw[concurrency]);
  }
  for (const concurrency of CONCURRENCY) {
    append[concurrency] = await measureAppends(database.url, concurrency, SECONDS * 1000);
    report.throughput(`append, ${concurrency} writers`, append[concurrency], raw[concurrency]);
  }
  report.data.rawInsert = raw;
  report.data.append = append;
  return { raw, append };
}

async function replay(database: BenchDatabase, report: Report): Promise<void> {
  const results = await measureReplay(database.url, REPLAY_LENGTHS);
  for (const r of results) {
    report.row([`load ${r.events} events, with snapshots`, '', round(r.loadWithSnapshotsMs, 1), '', '']);
    report.row([`load ${r.events} events, no snapshots`, '', round(r.loadWithoutSnapshotsMs, 1), '', '']);
    report.row([`fold ${r.events} events (events/s)`, round(r.foldEventsPerSecond, 0), '', '', '']);
  }
  report.data.replay = results;
}

function costRow(report: Report, label: string, cost: MoveCosts): void {
  report.row([`  ${label} (${cost.moves}), ms`, '', round(cost.p50Ms, 3), round(cost.p99Ms, 2), `max ${round(cost.maxMs, 1)}`]);
}

/** GREEDY against RANDOM per ruleset and option set, and what a bot's move costs: pure, no server (see bots.ts). */
function bots(report: Report): void {
  const results = measureBots(BOT_GAMES);
  const percent = (n: number, of: number) => `${round((100 * n) / of, 0)}%`;
  for (const r of results.contests) {
    const shared = r.greedyShared ? `, ${r.greedyShared} shared` : '';
    report.row([`bots, ${r.ruleset} (${r.options}), ${r.seats} seats: GREEDY won ${r.greedyWins} of ${r.games} (${percent(r.greedyWins, r.games)}${shared})`]);
    costRow(report, 'GREEDY moves', r.cost.GREEDY);
    costRow(report, 'RANDOM moves', r.cost.RANDOM);
  }
  for (const t of results.teams) {
    report.row([`bots, ${t.ruleset} (${t.options}), ${t.seats} seats: tables won, of ${t.games}: GREEDY ${t.won.GREEDY}, RANDOM ${t.won.RANDOM}`]);
    costRow(report, 'every bot move', t.cost);
  }
  report.data.bots = results;
}

function describeCpu(cpu: CpuSplit): string {
  return [
    `server ${round(cpu.serverMs, 2)} (+ mail worker ${round(cpu.serverChildrenMs, 2)})`,
    `PostgreSQL ${round(cpu.postgresMs, 2)}`,
    `load generator ${round(cpu.loadGeneratorMs, 2)}`,
    `mail sink ${round(cpu.mailSinkMs, 2)}`,
  ].join(', ');
}

/** What a run through the API is measured with: the server, its mail sink and backlog, and the database's counters. */
interface ApiBench {
  database: BenchDatabase;
  server: ServerProcess;
  mail: SmtpSink;
  backlog: MailBacklog;
  counters: PostgresCounters;
}

/** One run of moves through the API on `games`, printed under `label` (the ruleset's id, or what the run is for). */
async function apiRun(bench: ApiBench, label: string, games: BenchGame[], run: ApiMovesRun, report: Report, raw: Record<number, Throughput>) {
  const { database, server, mail, backlog, counters } = bench;
  const result = await measureApiMoves(server, mail, backlog, games, run, { url: database.url, postmasterPid: database.postmasterPid, counters });
  report.row([
    `${label}, ${run.selection}, ${run.connections} clients, ${result.activeGames} games`,
    round(result.perSecond, 0),
    result.p50Ms,
    result.p99Ms,
    raw[run.connections] ? round(result.perSecond / raw[run.connections].perSecond, 2) : '',
  ]);
  if (result.refused > 0) report.row([`  (${result.refused} moves refused)`]);
  report.row([`  CPU ms per move: ${describeCpu(result.cpuPerMove)}`]);
  const counted =
    result.transactionsInclude === 'the run and its mail'
      ? "the server's and its mail worker's, until the run's mail was out"
      : "mail from before the run, or the run's own, was still going out when counting began or ended: its sends are counted too";
  report.row([`  transactions per move: ${round(result.transactionsPerMove, 2)} (${counted})`]);
  // A quick run's few seconds are of the order of the worker's idle poll (2 s): whether it happened to be polling decides these.
  const caveat = quick ? ' (too short a run for these to mean much)' : '';
  report.row([
    `  mail: ${result.mailsSent} sent during the run, ${result.mailsSuperseded} not sent (turn already played), ${result.mailBacklog} waiting at its end${caveat}`,
  ]);
  return result;
}

/** Moves through the API, each real ruleset on its own games (issue 35 asks each ruleset's moves/s, p99 and transactions per move). */
async function apiMoves(
  bench: ApiBench,
  games: BenchGame[],
  report: Report,
  raw: Record<number, Throughput>,
): Promise<Array<ApiMovesResult & { ruleset: string }>> {
  const moves = [];
  for (const selection of API_SELECTIONS) {
    if (selection === 'page') await openGamesInPages(bench.server.url, games);
    for (const ruleset of RULESETS_HOSTED) {
      const own = games.filter((game) => game.ruleset === ruleset);
      for (const connections of API_CONNECTIONS) {
        const result = await apiRun(bench, ruleset.id, own, { selection, connections, durationSeconds: SECONDS }, report, raw);
        moves.push({ ruleset: ruleset.id, ...result });
      }
    }
  }
  return moves;
}

/** The server's heap, from its own /metrics (prom-client's default metrics), in MiB. */
async function heapMiB(server: ServerProcess): Promise<{ usedMiB: number; totalMiB: number }> {
  const text = await (await fetch(new URL('/metrics', server.url))).text();
  const metric = (name: string) => Number(new RegExp(`^pbw_${name} (\\S+)$`, 'm').exec(text)?.[1]) / 2 ** 20;
  return { usedMiB: metric('nodejs_heap_size_used_bytes'), totalMiB: metric('nodejs_heap_size_total_bytes') };
}

/**
 * The server's memory with SCALE_GAMES active games, after the cold
 * regime's churn: the page's moves go to every game in turn, oldest first,
 * so each is loaded into the server's memory, as players visiting their
 * games one after another load them.
 */
async function memory(bench: ApiBench, games: BenchGame[], report: Report, raw: Record<number, Throughput>) {
  const run = { selection: 'page' as const, connections: CHURN_CONNECTIONS, durationSeconds: CHURN_SECONDS };
  const churn = await apiRun(bench, 'cold churn', games, run, report, raw);
  const rssMiB = bench.server.rssMiB();
  const heap = await heapMiB(bench.server);
  const mailWorkerRssMiB = bench.server.childrenRssMiB();
  const verdict = rssMiB <= MEMORY_GOAL_MIB ? 'met' : 'NOT MET';
  report.row([
    `server memory, ${games.length} active games (MiB)`,
    `RSS ${round(rssMiB, 0)}`,
    `heap ${round(heap.usedMiB, 0)}`,
    `of ${round(heap.totalMiB, 0)}`,
  ]);
  report.row([`  ${verdict}: at most ${MEMORY_GOAL_MIB} MiB (RSS); the mail worker's own: ${round(mailWorkerRssMiB, 0)} MiB`]);
  return { activeGames: games.length, rssMiB, heapUsedMiB: heap.usedMiB, heapTotalMiB: heap.totalMiB, mailWorkerRssMiB, goalMiB: MEMORY_GOAL_MIB, churn };
}

async function throughServer(database: BenchDatabase, report: Report, raw: Record<number, Throughput>): Promise<void> {
  const mail = await SmtpSink.start();
  if (profile) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    process.env.BENCH_RUN_WINDOWS = join(PROFILE_DIR, `runs-${Date.now()}.jsonl`);
  }
  const server = await startServerProcess(database, mail.url, profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []);
  const bench: ApiBench = { database, server, mail, backlog: await MailBacklog.open(database.url), counters: await PostgresCounters.open(database.adminUrl) };
  try {
    const players = await registerPlayers(server.url, 5);
    const games = await createGames(server.url, players, API_GAMES);
    if (runs('api')) report.data.apiMoves = await apiMoves(bench, games, report, raw);
    if (runs('scale')) {
      games.push(...(await createGames(server.url, players, SCALE_GAMES - API_GAMES, 32)));
      report.data.memory = await memory(bench, games, report, raw);
    }
  } finally {
    await bench.counters.close();
    await bench.backlog.close();
    await server.stop();
    await mail.stop();
  }
}

async function largeTable(database: BenchDatabase, report: Report, emptyAppend: Throughput | undefined): Promise<void> {
  const total = await fillEventsTable(database.url, 1000, 1000);
  const result = await measureAppends(database.url, 8, SECONDS * 1000);
  const ratio = emptyAppend ? result.p99Ms / emptyAppend.p99Ms : NaN;
  report.row([
    `append, 8 writers, ${total} events in table`,
    round(result.perSecond, 0),
    round(result.p50Ms, 2),
    round(result.p99Ms, 2),
    `${round(ratio, 2)}x p99`,
  ]);
  report.data.appendWithLargeTable = { eventsInTable: total, ...result, p99RatioToEmpty: ratio };
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  const report = new Report();
  report.data.machine = await machineFacts(database.url);
  try {
    report.row(['measure', 'per second', 'p50 ms', 'p99 ms', 'vs raw']);
    const { raw, append } = runs('raw') || runs('append') || runs('api') || runs('scale') ? await rawAndAppend(database, report) : { raw: {}, append: {} };
    if (runs('replay')) await replay(database, report);
    if (runs('bots')) bots(report);
    if (runs('api') || runs('scale')) await throughServer(database, report, raw);
    if (runs('scale')) await largeTable(database, report, append[8]);
  } finally {
    await database.stop();
  }
  console.log(`\nWritten to ${report.write(quick ? '-quick' : '')}`);
}

// Exit explicitly: pools and the schema engine leave timers behind.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
