/**
 * A game's chat in PostgreSQL: `chat_lines` is append-only (the server's
 * role may not change or remove a line, and a trigger stops the owner too);
 * a line its author hides gets a row in `chat_lines_hidden` beside it. Each
 * player's read marker and mute are in `chat_readers`. Every line added or
 * hidden NOTIFYs the game's chat watchers on any server process.
 */
import type { Sql } from '../database/sql';
import type { StoredPhase } from '../play/platform/game-at';
import { gameRow, seatsOf } from '../play/play-sql';

/** NOTIFY channel: a game's chat changed. Payload `{"gameId": ...}`. */
export const CHAT_LINES_CHANNEL = 'chat_lines';

export interface StoredChatLine {
  id: string;
  authorId: string;
  authorName: string;
  authorSeat: number;
  /** Null once hidden: a hidden line's words never leave the database. */
  text: string | null;
  hidden: boolean;
  at: Date;
}

/** A player's side of a game's chat. */
export interface ChatReaderState {
  /** Lines by others, not hidden, after the player's read marker. */
  unread: number;
  muted: boolean;
}

export interface ChatGame {
  status: StoredPhase;
  /** The user ids seated, by seat. */
  seats: Map<string, number>;
}

/** How many lines `author` may write in a game within a window of time. */
export interface ChatRateLimit {
  lines: number;
  windowSeconds: number;
}

/** The game's phase and who sits where, from play's read model (play-sql.ts). */
const GAME = `
SELECT g.status, COALESCE(json_object_agg(s.user_id, s.index) FILTER (WHERE s.user_id IS NOT NULL), '{}') AS seats
FROM ${gameRow('$1::uuid')} g LEFT JOIN ${seatsOf('$1::uuid')} s ON true
GROUP BY g.status`;

/**
 * Adds a line unless its author already wrote `$6` lines in the game since
 * `$7`: then nothing is written, and the oldest of those lines says when
 * another may be.
 */
const APPEND = `
WITH recent AS (
  SELECT count(*)::int AS lines, min(at) AS oldest FROM chat_lines
  WHERE game_id = $1::uuid AND author_id = $2::uuid AND at > $7::timestamptz
), added AS (
  INSERT INTO chat_lines (game_id, author_id, author_seat, text, at)
  SELECT $1::uuid, $2::uuid, $3::int, $4::text, $5::timestamptz FROM recent WHERE recent.lines < $6::int
  RETURNING id
), notified AS (
  SELECT pg_notify('${CHAT_LINES_CHANNEL}', json_build_object('gameId', $1::uuid)::text) FROM added
)
SELECT (SELECT id::text FROM added) AS id, recent.oldest, (SELECT count(*) FROM notified) AS notified FROM recent`;

const LINE = `SELECT game_id, author_id FROM chat_lines WHERE id = $1::bigint`;

const HIDE = `
WITH hidden AS (
  INSERT INTO chat_lines_hidden (line_id, game_id, hidden_at) VALUES ($1::bigint, $2::uuid, $3::timestamptz)
  ON CONFLICT DO NOTHING
  RETURNING game_id
)
SELECT pg_notify('${CHAT_LINES_CHANNEL}', json_build_object('gameId', game_id)::text) FROM hidden`;

const LINES = `
SELECT c.id::text AS id, c.author_id AS "authorId", u.display_name AS "authorName", c.author_seat AS "authorSeat",
       CASE WHEN h.line_id IS NULL THEN c.text END AS text, h.line_id IS NOT NULL AS hidden, c.at
FROM (SELECT * FROM chat_lines WHERE game_id = $1::uuid ORDER BY id DESC LIMIT $2::int) c
JOIN users u ON u.id = c.author_id
LEFT JOIN chat_lines_hidden h ON h.line_id = c.id
ORDER BY c.id`;

/** Unread lines of one player in some games (lines by others, not hidden, after their marker), and their mute. */
const READERS = `
SELECT game.id AS "gameId", COALESCE(r.muted, false) AS muted,
  (SELECT count(*)::int FROM chat_lines c
   WHERE c.game_id = game.id AND c.author_id <> $2::uuid AND c.id > COALESCE(r.read_through, 0)
     AND NOT EXISTS (SELECT 1 FROM chat_lines_hidden h WHERE h.line_id = c.id)) AS unread
FROM unnest($1::uuid[]) AS game(id)
LEFT JOIN chat_readers r ON r.game_id = game.id AND r.user_id = $2::uuid`;

/** Moves the read marker forward (never back) to a line, if it is one of this game's; returns a row if it is. */
const MARK_READ = `
INSERT INTO chat_readers (game_id, user_id, read_through)
SELECT $1::uuid, $2::uuid, id FROM chat_lines WHERE game_id = $1::uuid AND id = $3::bigint
ON CONFLICT (game_id, user_id) DO UPDATE SET read_through = GREATEST(chat_readers.read_through, EXCLUDED.read_through)
RETURNING read_through`;

/** Those of the users `$2` who did not mute the game's chat. */
const UNMUTED = `
SELECT reader.id FROM unnest($2::uuid[]) AS reader(id)
WHERE NOT EXISTS (SELECT 1 FROM chat_readers r WHERE r.game_id = $1::uuid AND r.user_id = reader.id AND r.muted)`;

const SET_MUTED = `
INSERT INTO chat_readers (game_id, user_id, muted) VALUES ($1::uuid, $2::uuid, $3::boolean)
ON CONFLICT (game_id, user_id) DO UPDATE SET muted = EXCLUDED.muted`;

export class ChatStore {
  constructor(private readonly sql: Sql) {}

  /** The game's status and who sits where; null when there is no such game. */
  async game(gameId: string): Promise<ChatGame | null> {
    const [row] = await this.sql.query<{ status: ChatGame['status']; seats: Record<string, number> }>(GAME, [gameId]);
    return row ? { status: row.status, seats: new Map(Object.entries(row.seats)) } : null;
  }

  /** Adds a line within the rate limit: its id, or, over the limit, when the oldest counted line leaves the window. */
  async append(
    sql: Sql,
    line: { gameId: string; authorId: string; authorSeat: number; text: string; at: Date },
    limit: ChatRateLimit,
  ): Promise<{ id: string } | { retryAt: Date }> {
    const since = new Date(line.at.getTime() - limit.windowSeconds * 1000);
    const [row] = await sql.query<{ id: string | null; oldest: Date | null }>(APPEND, [
      line.gameId,
      line.authorId,
      line.authorSeat,
      line.text,
      line.at,
      limit.lines,
      since,
    ]);
    if (row.id) return { id: row.id };
    return { retryAt: new Date(row.oldest!.getTime() + limit.windowSeconds * 1000) };
  }

  async line(lineId: string): Promise<{ gameId: string; authorId: string } | null> {
    const [row] = await this.sql.query<{ game_id: string; author_id: string }>(LINE, [lineId]);
    return row ? { gameId: row.game_id, authorId: row.author_id } : null;
  }

  async hide(lineId: string, gameId: string, at: Date): Promise<void> {
    await this.sql.query(HIDE, [lineId, gameId, at]);
  }

  /** The newest `limit` lines of the game, oldest first. */
  lines(gameId: string, limit: number): Promise<StoredChatLine[]> {
    return this.sql.query<StoredChatLine>(LINES, [gameId, limit]);
  }

  /** The player's unread count and mute in each of the games. */
  async readers(gameIds: string[], userId: string): Promise<Map<string, ChatReaderState>> {
    const rows = await this.sql.query<{ gameId: string } & ChatReaderState>(READERS, [gameIds, userId]);
    return new Map(rows.map(({ gameId, unread, muted }) => [gameId, { unread, muted }]));
  }

  /** False, writing nothing, when the line is not one of this game's. */
  async markRead(gameId: string, userId: string, throughLineId: string): Promise<boolean> {
    return (await this.sql.query(MARK_READ, [gameId, userId, throughLineId])).length > 0;
  }

  /** Those of `userIds` who did not mute the game's chat, in the caller's transaction. */
  async unmuted(sql: Sql, gameId: string, userIds: string[]): Promise<string[]> {
    return (await sql.query<{ id: string }>(UNMUTED, [gameId, userIds])).map((row) => row.id);
  }

  async setMuted(gameId: string, userId: string, muted: boolean): Promise<void> {
    await this.sql.query(SET_MUTED, [gameId, userId, muted]);
  }
}
