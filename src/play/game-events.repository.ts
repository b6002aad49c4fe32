/**
 * Play's own reads of `game_events` beyond loading a game (the event store
 * and the loader do that): pages of history, the events that decide where
 * the game may go back to, the requests that lapsed, and a move sent again.
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { REMARK_TYPES } from './game-life';
import { COUNTED_EVENT_COLUMNS, type CountedEvent } from './moments';
import type { EventAfter } from './platform/return-point';
import { JUMP_EVENT_TYPES } from './platform-events';

/** A row of a page of history: what counting reads of every event, the rest of those the page shows. */
export interface HistoryRow extends CountedEvent {
  payload: Record<string, unknown> | null;
  actorUserId: string | null;
  at: Date;
  move: unknown;
}

/**
 * A page of history in one statement: what counting moments needs of the
 * events up to the page's end (and its lookahead) from a known moment on,
 * the events of the page whole, and the game's jumps outside that stretch
 * (which decide what is rolled back). $1 game, $2 after, $3 the page's last
 * seq with its lookahead, $4 the game's version, $5 the jump event types,
 * $6 the seq whose moment is known (0: the start), at most $2.
 */
const HISTORY_COLUMNS = `${COUNTED_EVENT_COLUMNS},
  CASE WHEN e.seq > $2::int THEN e.payload END AS payload,
  CASE WHEN e.seq > $2::int THEN e.actor_user_id END AS "actorUserId",
  CASE WHEN e.seq > $2::int THEN e.at END AS at, CASE WHEN e.seq > $2::int THEN e.move END AS move`;
const HISTORY_STATEMENT = `
SELECT ${HISTORY_COLUMNS} FROM game_events e WHERE e.game_id = $1::uuid AND e.seq > $6::int AND e.seq <= $3::int
UNION ALL
SELECT ${HISTORY_COLUMNS} FROM game_events e
WHERE e.game_id = $1::uuid AND (e.seq <= $6::int OR (e.seq > $3::int AND e.seq <= $4::int)) AND e.type = ANY($5::text[])
ORDER BY 1`;

/**
 * What going back to version $2 of game $1 at version $3 needs of the events
 * after it (platform/return-point.ts): the first, every jump ($4), and every
 * event that changes the play (none of $5).
 */
const EVENTS_AFTER_STATEMENT = `
SELECT seq, type, actor_user_id::text AS "actorUserId", step_start AS "stepStart",
  CASE WHEN jsonb_typeof(payload->'toVersion') = 'number' THEN (payload->>'toVersion')::int END AS "toVersion"
FROM game_events WHERE game_id = $1::uuid AND seq > $2::int AND seq <= $3::int
  AND (seq = $2::int + 1 OR type = ANY($4::text[]) OR NOT (type = ANY($5::text[])))
ORDER BY seq`;

/** Games in play with a takeback request or proposal to end that expired between $3 and $2. */
const EXPIRED_PROPOSALS = `
SELECT DISTINCT e.game_id::text AS "gameId" FROM game_events e JOIN games g ON g.id = e.game_id AND g.status = 'ACTIVE'
WHERE e.type = ANY($1::text[]) AND (e.payload->>'expiresAt')::timestamptz <= $2::timestamptz AND (e.payload->>'expiresAt')::timestamptz > $3::timestamptz`;

const CLIENT_MOVE = `SELECT 1 FROM game_events WHERE game_id = $1::uuid AND client_move_id = $2`;

@Injectable()
export class GameEventsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The rows of a page of history after `after` up to `upTo` (see HISTORY_STATEMENT), counting from the moment of `countedFrom`. */
  historyRows(gameId: string, after: number, upTo: number, version: number, countedFrom: number): Promise<HistoryRow[]> {
    return this.prisma.sql.query<HistoryRow>(HISTORY_STATEMENT, [gameId, after, upTo, version, JUMP_EVENT_TYPES, countedFrom]);
  }

  /** What the events after `toVersion` say of going back there, in a game at `version`. */
  eventsAfter(gameId: string, toVersion: number, version: number): Promise<EventAfter[]> {
    return this.prisma.sql.query<EventAfter>(EVENTS_AFTER_STATEMENT, [gameId, toVersion, version, JUMP_EVENT_TYPES, REMARK_TYPES]);
  }

  /** Every event after version `from` of game at `version`, as much as going back to any of them needs (platform/return-point.ts: returnPoints). */
  everyEventAfter(gameId: string, from: number, version: number): Promise<EventAfter[]> {
    // No type left out: the first event after each version is needed, whatever it is.
    return this.prisma.sql.query<EventAfter>(EVENTS_AFTER_STATEMENT, [gameId, from, version, JUMP_EVENT_TYPES, []]);
  }

  /** Games in play whose request or proposal (of `types`) expired after `since`, by `now`. */
  async withExpiredProposals(types: string[], now: Date, since: Date): Promise<string[]> {
    return (await this.prisma.sql.query<{ gameId: string }>(EXPIRED_PROPOSALS, [types, now, since])).map((row) => row.gameId);
  }

  /** Whether a move with this client move id was accepted in the game. */
  async hasClientMove(gameId: string, clientMoveId: string): Promise<boolean> {
    return (await this.prisma.sql.query(CLIENT_MOVE, [gameId, clientMoveId])).length > 0;
  }
}
