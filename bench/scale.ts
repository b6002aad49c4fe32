/**
 * 5. Scale: the server's memory with many active games, and whether appends
 * slow down once the events table is large.
 */
import { Client } from 'pg';
import { EVENT_PAYLOAD } from './raw-and-append';

/** Fills the events table with `games` x `perGame` events of other games, as fast as SQL allows. */
export async function fillEventsTable(databaseUrl: string, games: number, perGame: number): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id FROM users LIMIT 1`);
    await client.query(
      `INSERT INTO games (id, ruleset, seed, options, seat_count, host_id, updated_at)
       SELECT gen_random_uuid(), 'filler', 's', '{}', 2, $1, now() FROM generate_series(1, $2)`,
      [rows[0].id, games],
    );
    await client.query(
      `INSERT INTO game_events (game_id, seq, type, payload, at, hash)
       SELECT g.id, s, 'moved', $1::jsonb, now(), md5(g.id::text || s::text)
       FROM games g CROSS JOIN generate_series(1, $2) s WHERE g.ruleset = 'filler'`,
      [JSON.stringify(EVENT_PAYLOAD), perGame],
    );
    // A database that grew to this size over months has been vacuumed along the way; this one was filled in
    // seconds, after the API runs' moves, and autovacuum would work through it during the measurement
    // (bench/README.md, fix 19).
    await client.query('VACUUM (ANALYZE)');
    const count = await client.query('SELECT count(*)::int AS n FROM game_events');
    return count.rows[0].n;
  } finally {
    await client.end();
  }
}
