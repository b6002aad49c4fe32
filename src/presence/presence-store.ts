/**
 * Where players looking at a game are recorded: one `game_presence` row per
 * open `presentAtGame` subscription (held by a page only while it is visible
 * and in use), from any server process, with the app's clock. Nothing here is on a move's path: rows are written
 * when a page subscribes and when it goes, and renewed in one statement per
 * process while it stays.
 */
import type { Sql } from '../database/sql';

/** How often a process renews the rows of the pages it serves. */
export const PRESENCE_RENEWAL_MS = 30_000;
/** A row whose process stopped renewing it (it died) counts this long after its last renewal. */
export const PRESENCE_STALE_SECONDS = (3 * PRESENCE_RENEWAL_MS) / 1000;
/** Closed rows are kept this long (longer than any grace period), then deleted. */
export const PRESENCE_KEPT_SECONDS = 2 * 86_400;

const OPEN = `
INSERT INTO game_presence (id, game_id, user_id, opened_at, seen_at)
VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::timestamptz, $3::timestamptz)
RETURNING id`;
const CLOSE = `UPDATE game_presence SET closed_at = $2::timestamptz, seen_at = $2::timestamptz WHERE id = $1::uuid`;
const RENEW = `UPDATE game_presence SET seen_at = $2::timestamptz WHERE id = ANY ($1::uuid[]) AND closed_at IS NULL`;
const FORGET_OLD = `
DELETE FROM game_presence
WHERE COALESCE(closed_at, seen_at) < $1::timestamptz - make_interval(secs => ${PRESENCE_KEPT_SECONDS})`;

/**
 * SQL that is true when `user` was looking at `game` in a page at some time
 * from `from` to `until` (SQL expressions of the enclosing statement): one
 * of its subscriptions opened by `until` and still open, or closed, at `from`
 * or later. One that was never closed lasts until shortly after it was last
 * renewed.
 */
export function presentDuring(user: string, game: string, from: string, until: string): string {
  return `EXISTS (SELECT 1 FROM game_presence p
    WHERE p.user_id = ${user} AND p.game_id = ${game} AND p.opened_at <= ${until}
      AND COALESCE(p.closed_at, p.seen_at + make_interval(secs => ${PRESENCE_STALE_SECONDS})) >= ${from})`;
}

export class PresenceStore {
  constructor(private readonly sql: Sql) {}

  async open(gameId: string, userId: string, at: Date): Promise<string> {
    const [row] = await this.sql.query<{ id: string }>(OPEN, [gameId, userId, at]);
    return row.id;
  }

  async close(id: string, at: Date): Promise<void> {
    await this.sql.query(CLOSE, [id, at]);
  }

  async renew(ids: string[], at: Date): Promise<void> {
    if (ids.length > 0) await this.sql.query(RENEW, [ids, at]);
  }

  async forgetOld(now: Date): Promise<void> {
    await this.sql.query(FORGET_OLD, [now]);
  }
}
