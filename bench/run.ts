/**
 * `npm run bench`: measures the server on a fresh PostgreSQL and prints a
 * table beside the physical limit measured in the same run, then writes the
 * figures to bench/results/<time>.json with the machine's facts.
 * See bench/README.md for what each figure means and what was done about it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGames, measureApiMoves, registerPlayers } from './api-moves';
import { freshDatabase, machineFacts, startServerProcess } from './lib/environment';
import type { Throughput } from './lib/measure';
import { measureAppends, measureRawInserts } from './raw-and-append';
import { measureReplay } from './replay';
import { fillEventsTable } from './scale';

const quick = process.argv.includes('--quick');
const SECONDS = quick ? 3 : 10;
const CONCURRENCY = [1, 8, 32];
const API_GAMES = 1000;
const SCALE_GAMES = quick ? 2000 : 10000;
const REPLAY_LENGTHS = quick ? [1000, 10000] : [1000, 10000, 100000];

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function row(cells: Array<string | number>): string {
  return cells.map((cell, i) => String(cell).padEnd(i === 0 ? 44 : 14)).join('');
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  const report: Record<string, unknown> = { startedAt: new Date().toISOString(), machine: await machineFacts(database.url) };
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    print(row(['measure', 'per second', 'p50 ms', 'p99 ms', 'vs raw']));

    const raw: Record<number, Throughput> = {};
    for (const concurrency of CONCURRENCY) {
      raw[concurrency] = await measureRawInserts(database.url, concurrency, SECONDS * 1000);
      print(row([`raw insert, ${concurrency} writers`, round(raw[concurrency].perSecond, 0), round(raw[concurrency].p50Ms, 2), round(raw[concurrency].p99Ms, 2), '1.00']));
    }
    report.rawInsert = raw;

    const append: Record<number, Throughput> = {};
    for (const concurrency of CONCURRENCY) {
      append[concurrency] = await measureAppends(database.url, concurrency, SECONDS * 1000);
      const a = append[concurrency];
      print(row([`append, ${concurrency} writers`, round(a.perSecond, 0), round(a.p50Ms, 2), round(a.p99Ms, 2), round(a.perSecond / raw[concurrency].perSecond, 2)]));
    }
    report.append = append;

    const replay = await measureReplay(database.url, REPLAY_LENGTHS);
    for (const r of replay) {
      print(row([`load ${r.events} events, with snapshots`, '', round(r.loadWithSnapshotsMs, 1), '', '']));
      print(row([`load ${r.events} events, no snapshots`, '', round(r.loadWithoutSnapshotsMs, 1), '', '']));
      print(row([`fold ${r.events} events (events/s)`, round(r.foldEventsPerSecond, 0), '', '', '']));
    }
    report.replay = replay;

    const server = await startServerProcess(database.url);
    try {
      const players = await registerPlayers(server.url, 5);
      const games = await createGames(server.url, players, API_GAMES);
      const moves = [];
      for (const connections of [8, 32]) {
        const m = await measureApiMoves(server.url, games, connections, SECONDS);
        moves.push(m);
        print(row([`API moves, ${connections} clients, ${games.length} games`, round(m.perSecond, 0), m.p50Ms, m.p99Ms, round(m.perSecond / raw[connections === 8 ? 8 : 32].perSecond, 2)]));
        if (m.refused > 0) print(`  (${m.refused} moves refused)`);
      }
      report.apiMoves = moves;

      const idleRss = server.rssMiB();
      await createGames(server.url, players, SCALE_GAMES - API_GAMES, 32);
      const rss = server.rssMiB();
      print(row([`server memory, ${SCALE_GAMES} active games (MiB)`, round(rss, 0), '', '', '']));
      report.memory = { activeGames: SCALE_GAMES, rssMiB: rss, rssAfterApiBenchMiB: idleRss };
    } finally {
      await server.stop();
    }

    const total = await fillEventsTable(database.url, 1000, 1000);
    const appendLarge = await measureAppends(database.url, 8, SECONDS * 1000);
    print(row([`append, 8 writers, ${total} events in table`, round(appendLarge.perSecond, 0), round(appendLarge.p50Ms, 2), round(appendLarge.p99Ms, 2), round(appendLarge.p99Ms / append[8].p99Ms, 2) + 'x p99']));
    report.appendWithLargeTable = { eventsInTable: total, ...appendLarge, p99RatioToEmpty: appendLarge.p99Ms / append[8].p99Ms };
  } finally {
    await database.stop();
  }
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${(report.startedAt as string).replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`);
  writeFileSync(file, JSON.stringify({ ...report, table: lines }, null, 2));
  console.log(`\nWritten to ${file}`);
}

// Exit explicitly: pools and the schema engine leave timers behind.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
