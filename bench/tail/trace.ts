/**
 * What the slowest moves waited for: `node -r ts-node/register/transpile-only bench/tail/trace.ts [seconds] [games] [inFlight] [socket|http]`.
 *
 * Starts this server as `bench:peer` does (bench/peer/this-server.ts) with
 * bench/tail/probe.js preloaded, plays `games` new counting games (64), each
 * worker of `inFlight` (8) rotating through its own share of them over a
 * connection of its own (the page's `SubmitMove`, over the socket or HTTP), for
 * `seconds` (8), and prints the latency percentiles and, for the moves
 * slower than the p99, what the probe saw in the server while each was in
 * flight: garbage collections, slow timer callbacks, the event loop held up.
 * TAIL_NODE_FLAGS adds flags to the server's node.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCpuCount } from '../lib/cpu';
import { freshDatabase } from '../lib/environment';
import { percentile } from '../lib/measure';
import type { GameRecord } from '../peer/contender';
import { ThisServer } from '../peer/this-server';
import type { Transport } from '../peer/this-server-lanes';

interface Move {
  start: number;
  ms: number;
}
interface Seen {
  kind: string;
  at: number;
  ms: number;
  what: string;
}

const [seconds = 8, gameCount = 64, inFlight = 8] = process.argv.slice(2, 5).map(Number);
const transport = (process.argv[5] ?? 'socket') as Transport;

async function main(): Promise<void> {
  const probeFile = join(mkdtempSync(join(tmpdir(), 'pbw-tail-')), 'probe.log');
  process.env.TAIL_PROBE_FILE = probeFile;
  const db = await freshDatabase();
  // TAIL_NODE_FLAGS: more flags for the server's node (e.g. --max-semi-space-size=32), to compare.
  const flags = (process.env.TAIL_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const server = await ThisServer.start(transport, db.appUrl, [...flags, '-r', join(__dirname, 'probe.js')]);
  try {
    const games: GameRecord[] = [];
    for (let i = 0; i < gameCount; i++) games.push(await server.newGame());
    const lanes = await Promise.all(Array.from({ length: inFlight }, () => server.openLane()));
    // Warm-up, not counted: a few moves of each game.
    for (const [i, game] of games.entries()) {
      const lane = lanes[i % inFlight];
      await lane.follow(game);
      for (let move = 0; move < 3; move++) await lane.move(game);
    }
    const moves: Move[] = [];
    // On the clock of a CPU profile (CLOCK_MONOTONIC, µs): with --cpu-prof in TAIL_NODE_FLAGS, the run's samples are those inside it.
    const windowStartUs = process.hrtime.bigint() / 1000n;
    // TAIL_HEAP=1: the probe samples what the run allocates (bench/tail/probe.js), written beside its log.
    const heap = process.env.TAIL_HEAP === '1';
    if (heap) process.kill(server.server.pid, 'SIGUSR2');
    const cpu = startCpuCount({ serverPid: server.server.pid, postmasterPid: db.postmasterPid });
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: inFlight }, async (_, worker) => {
        const own = games.filter((_, i) => i % inFlight === worker);
        for (let turn = 0; Date.now() < end; turn++) {
          const start = Date.now();
          const began = performance.now();
          await lanes[worker].move(own[turn % own.length]);
          moves.push({ start, ms: performance.now() - began });
        }
      }),
    );
    const perMove = cpu(moves.length);
    console.log(`CPU ms per move: server ${perMove.serverMs.toFixed(2)}, PostgreSQL ${perMove.postgresMs.toFixed(2)}`);
    if (heap) {
      process.kill(server.server.pid, 'SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      console.log(`allocations: ${probeFile}.heapprofile`);
    }
    console.log(`run window (µs, CLOCK_MONOTONIC): ${windowStartUs} ${process.hrtime.bigint() / 1000n}`);
    report(moves, readProbe(probeFile));
    for (const lane of lanes) lane.close();
  } finally {
    await server.stop();
    await db.stop();
  }
}

function readProbe(file: string): Seen[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [kind, at, ms, ...what] = line.split(' ');
      return { kind, at: Number(at), ms: Number(ms), what: what.join(' ') };
    });
}

function report(moves: Move[], seen: Seen[]): void {
  const sorted = moves.map((move) => move.ms).sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(
    `${moves.length} moves, ${(moves.length / seconds).toFixed(0)}/s; p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
  );
  const window = (move: Move) => seen.filter((s) => s.at + s.ms >= move.start && s.at <= move.start + move.ms);
  const slow = moves.filter((move) => move.ms >= p99);
  const tally = new Map<string, number>();
  for (const move of slow) {
    const during = window(move).filter((s) => s.kind !== 'gc' || s.ms >= 1);
    const causes = new Set(during.map((s) => (s.kind === 'gc' ? `gc ${s.what}` : s.kind === 'timer' ? `timer ${s.what.slice(0, 60)}` : s.kind)));
    for (const cause of causes.size ? causes : ['nothing seen']) tally.set(cause, (tally.get(cause) ?? 0) + 1);
  }
  console.log(`the ${slow.length} moves at or over the p99, and what the server did while they were in flight:`);
  for (const [cause, count] of [...tally].sort((a, b) => b[1] - a[1])) console.log(`  ${count}\t${cause}`);
  const total = (kind: string, filter: (s: Seen) => boolean = () => true) =>
    seen
      .filter((s) => s.kind === kind && filter(s))
      .reduce((sum, s) => sum + s.ms, 0)
      .toFixed(0);
  console.log(
    `over the whole run: gc ${total('gc')} ms (major ${total('gc', (s) => s.what === 'major')}), slow timers ${total('timer')} ms, loop held up ${total('lag')} ms`,
  );
  const [first, last] = [moves[0].start, Math.max(...moves.map((move) => move.start + move.ms))];
  for (const kind of ['minor', 'major', 'incremental', 'weakcb']) {
    const of = seen
      .filter((s) => s.kind === 'gc' && s.what === kind && s.at >= first && s.at <= last)
      .map((s) => s.ms)
      .sort((x, y) => x - y);
    if (of.length)
      console.log(
        `  gc ${kind} in the run: ${((of.length * 1000) / moves.length).toFixed(1)} per 1,000 moves, ${of.length}×, ${of.reduce((x, y) => x + y, 0).toFixed(0)} ms, p50 ${percentile(of, 50).toFixed(1)} ms, max ${of[of.length - 1].toFixed(1)} ms`,
      );
  }
  const byTimer = new Map<string, { count: number; ms: number }>();
  for (const s of seen.filter((x) => x.kind === 'timer')) {
    const entry = byTimer.get(s.what.slice(0, 80)) ?? { count: 0, ms: 0 };
    byTimer.set(s.what.slice(0, 80), { count: entry.count + 1, ms: entry.ms + s.ms });
  }
  for (const [what, { count, ms }] of [...byTimer].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) console.log(`  timer ${count}× ${ms.toFixed(0)} ms: ${what}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
