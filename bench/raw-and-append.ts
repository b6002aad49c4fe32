/**
 * 1. The physical limit: single-row inserts of an event-sized row into a
 *    plain table, straight through `pg`.
 * 2. The event store's append (version check + hash chain + notify) on
 *    distinct games, at the same concurrency.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { ManualClock } from '../src/common/clock';
import { PrismaService } from '../src/database/prisma.service';
import { EventStore } from '../src/event-store/event-store';
import { runClosedLoop, Throughput } from './lib/measure';

/** A payload about the size of a typical game event (a move with a few fields). */
export const EVENT_PAYLOAD = { seat: 2, tile: [3, 4], color: 'red', collected: ['yellow', 'yellow'], score: 12 };

/**
 * Writes what earlier sections left in memory to disk before a write
 * measurement starts, so that no measurement pays for the one before it
 * (bench/README.md, fix 19). Needs a superuser or pg_checkpoint; without,
 * the measurement runs as things are.
 */
async function checkpoint(pool: Pool): Promise<void> {
  try {
    await pool.query('CHECKPOINT');
  } catch (error) {
    console.warn(`  (no CHECKPOINT before measuring: ${(error as Error).message})`);
  }
}

export async function measureRawInserts(databaseUrl: string, concurrency: number, durationMs: number): Promise<Throughput> {
  const pool = new Pool({ connectionString: databaseUrl, max: concurrency });
  await checkpoint(pool);
  await pool.query(
    `CREATE TABLE IF NOT EXISTS raw_insert_bench (id bigserial PRIMARY KEY, game_id uuid NOT NULL, seq int NOT NULL, type text NOT NULL,
      payload jsonb NOT NULL, at timestamptz(3) NOT NULL, hash text NOT NULL)`,
  );
  const gameId = randomUUID();
  const payload = JSON.stringify(EVENT_PAYLOAD);
  const hash = 'f'.repeat(64);
  let seq = 0;
  const result = await runClosedLoop(concurrency, durationMs, async () => {
    await pool.query('INSERT INTO raw_insert_bench (game_id, seq, type, payload, at, hash) VALUES ($1, $2, $3, $4, now(), $5)', [
      gameId,
      ++seq,
      'moved',
      payload,
      hash,
    ]);
  });
  await pool.end();
  return result;
}

export async function createBenchGames(prisma: PrismaService, count: number): Promise<string[]> {
  const host = await prisma.user.upsert({
    where: { email: 'bench-host@example.org' },
    update: {},
    create: { email: 'bench-host@example.org', passwordHash: 'x', displayName: 'Bench' },
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await prisma.game.create({ data: { ruleset: 'bench', seed: 's', options: {}, seatCount: 2, hostId: host.id } })).id);
  }
  return ids;
}

export async function measureAppends(databaseUrl: string, concurrency: number, durationMs: number): Promise<Throughput> {
  const prisma = new PrismaService(databaseUrl);
  const store = new EventStore(prisma, new ManualClock());
  const games = await createBenchGames(prisma, concurrency);
  const versions = games.map(() => 0);
  await checkpoint(prisma.pool);
  const result = await runClosedLoop(concurrency, durationMs, async (worker) => {
    await store.appendEvents({
      gameId: games[worker],
      expectedVersion: versions[worker],
      events: [{ type: 'moved', payload: EVENT_PAYLOAD, actorSeat: 0, stepStart: true }],
    });
    versions[worker] += 1;
  });
  await prisma.close();
  return result;
}
