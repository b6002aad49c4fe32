/** A game's version, the event store's to say: the seq of its last event, kept on its stream's row (`games.version`). */
import type { Sql } from '../database/sql';

const STREAM_VERSION = 'SELECT version FROM games WHERE id = $1::uuid';

/**
 * The game's version as `sql` sees it, null if there is no such game: on a
 * caller's transaction, the version what it writes is stamped with (a
 * mail, whose facts are those of that version).
 */
export async function streamVersion(sql: Sql, gameId: string): Promise<number | null> {
  const [game] = await sql.query<{ version: number }>(STREAM_VERSION, [gameId]);
  return game?.version ?? null;
}
