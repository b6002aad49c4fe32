/**
 * Copies of a game this server played, written straight into its tables:
 * the regimes with thousands of games of a past (bench/README.md, "Regimes")
 * would otherwise spend most of an hour playing them move by move.
 *
 * A copy is every row the server stored for the game (the game, its seats,
 * its events and snapshots, and whatever else names the game: its queued
 * notifications), under a new game id. What names the game is computed
 * again as the server computes it: each event's hash (it covers the game's
 * id, and chains on the previous event's) with the event store's own
 * `eventHash`, and each snapshot's seal with the snapshot store's own code
 * and the server's key. So the server finds in a copy exactly what it would
 * have stored, had it played it: it loads it from its latest snapshot as it
 * loads any game, and its hash chain holds.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { resolveSnapshotKey } from '../../src/config/snapshot-key';
import type { Sql } from '../../src/database/sql';
import { EventStore, StoredEvent } from '../../src/event-store/event-store';
import { eventHash, GENESIS_HASH } from '../../src/event-store/hash-chain';
import { SnapshotKey, SnapshotStore } from '../../src/event-store/snapshots';
import { TEST_JWT_SECRET } from '../../test/support/app';

/** Tables whose rows are copied by the statements below rather than column by column. */
const COMPUTED = ['games', 'game_events', 'game_snapshots'];
/** Event rows per INSERT: a few MB of parameters at most. */
const EVENTS_PER_STATEMENT = 20_000;

/**
 * The event store's and the snapshot store's own code, on the bench's
 * connection (each takes the caller's `Sql`): no Prisma behind them. The key
 * is test/support/serve.ts's server's (no SNAPSHOT_KEY: derived from its JWT secret).
 */
const eventStore = new EventStore(null as never, null as never);
const snapshots = new SnapshotStore(null as never, new SnapshotKey(resolveSnapshotKey(undefined, TEST_JWT_SECRET)));

function sqlOn(client: Client): Sql {
  return { query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[] };
}

/** The hash of each event of `events` (in order) as game `gameId`'s. */
function chain(gameId: string, events: StoredEvent[]): string[] {
  const hashes: string[] = [];
  let previous = GENESIS_HASH;
  for (const event of events) {
    previous = eventHash(previous, { ...event, gameId });
    hashes.push(previous);
  }
  return hashes;
}

/** A table's columns, with the expression each takes in a copy: the copy's id for the game's, a new id for a row's own uuid. */
async function copiedColumns(client: Client, table: string, gameColumn: string): Promise<{ names: string; values: string }> {
  const { rows } = await client.query<{ column_name: string; data_type: string; generated: boolean }>(
    `SELECT column_name, data_type, (column_default LIKE 'nextval%' OR is_identity = 'YES') AS generated
     FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  const kept = rows.filter((column) => !column.generated);
  const value = (column: (typeof rows)[number]) =>
    column.column_name === gameColumn
      ? 'copy.id'
      : column.column_name === 'id' && column.data_type === 'uuid'
        ? 'gen_random_uuid()'
        : `t."${column.column_name}"`;
  return { names: kept.map((column) => `"${column.column_name}"`).join(', '), values: kept.map(value).join(', ') };
}

/** Every table but the computed ones with rows of the template: its rows go to each copy as they are. */
async function copyPlainRows(client: Client, templateId: string, ids: string[]): Promise<void> {
  const { rows: tables } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'game_id' AND table_name <> ALL($1::text[])`,
    [COMPUTED],
  );
  for (const { table_name: table } of [{ table_name: 'games' }, ...tables]) {
    const gameColumn = table === 'games' ? 'id' : 'game_id';
    const { names, values } = await copiedColumns(client, table, gameColumn);
    await client.query(
      `INSERT INTO "${table}" (${names}) SELECT ${values} FROM "${table}" t, unnest($2::uuid[]) AS copy(id) WHERE t."${gameColumn}" = $1::uuid`,
      [templateId, ids],
    );
  }
}

async function copyEvents(client: Client, templateId: string, ids: string[]): Promise<Map<string, string[]>> {
  const events = await eventStore.readEvents(templateId, 0, undefined, sqlOn(client));
  const own = chain(templateId, events);
  if (own.some((hash, i) => hash !== events[i].hash)) throw new Error(`game ${templateId}: the bench hashes its events otherwise than the event store does`);
  const hashes = new Map(ids.map((id) => [id, chain(id, events)]));
  const batch: { game: string[]; seq: number[]; hash: string[] } = { game: [], seq: [], hash: [] };
  const flush = async () => {
    if (batch.game.length === 0) return;
    await client.query(
      `INSERT INTO game_events (game_id, seq, type, payload, actor_user_id, actor_seat, at, client_move_id, step_start, reversible, hash, move, salt)
       SELECT copy.game, e.seq, e.type, e.payload, e.actor_user_id, e.actor_seat, e.at, e.client_move_id, e.step_start, e.reversible, copy.hash, e.move, e.salt
       FROM unnest($2::uuid[], $3::int[], $4::text[]) AS copy(game, seq, hash) JOIN game_events e ON e.game_id = $1::uuid AND e.seq = copy.seq
       ORDER BY copy.game, copy.seq`,
      [templateId, batch.game, batch.seq, batch.hash],
    );
    batch.game = [];
    batch.seq = [];
    batch.hash = [];
  };
  for (const [id, chained] of hashes) {
    events.forEach((event, i) => {
      batch.game.push(id);
      batch.seq.push(event.seq);
      batch.hash.push(chained[i]);
    });
    if (batch.game.length >= EVENTS_PER_STATEMENT) await flush();
  }
  await flush();
  return hashes;
}

async function copySnapshots(client: Client, templateId: string, hashes: Map<string, string[]>): Promise<void> {
  const { rows } = await client.query<{ version: number; state: unknown }>(`SELECT version, state FROM game_snapshots WHERE game_id = $1::uuid`, [templateId]);
  for (const [id, chained] of hashes) {
    for (const { version, state } of rows) await snapshots.save(id, { version, state, lastEventHash: chained[version - 1] }, sqlOn(client));
  }
}

/** Writes `count` copies of game `templateId` into the database at `databaseUrl`, in one transaction; returns their ids. */
export async function copyGame(databaseUrl: string, templateId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await copyPlainRows(client, templateId, ids);
    await copySnapshots(client, templateId, await copyEvents(client, templateId, ids));
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  return ids;
}
