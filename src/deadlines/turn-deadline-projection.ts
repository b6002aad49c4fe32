/**
 * Keeps `turn_deadlines` in step with a game's events, in the same
 * transaction: a seat's deadline starts when its turn does, moves when it is
 * extended, is marked when it passes, and goes when the seat is done.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Sql } from '../database/sql';
import { ChangeWrites, GameChange, GameChangeHook, GameChangeHooks, PendingChange, seatsNowToAct } from '../play/game-change-hooks';
import { DeadlineExtended, DeadlinePassed, MoveDeadlineSettings } from '../play/platform-events';
import { deadlineFor, reminderTime } from './deadline-settings';

interface SeatPayload {
  seat: number;
}

/** Seats no longer to act lose their deadline; seats whose turn starts now get a fresh one. */
const CLEAR_FINISHED_AND_RESTARTED = `
DELETE FROM turn_deadlines WHERE game_id = $1::uuid AND (NOT (seat = ANY($2::int[])) OR seat = ANY($3::int[]))`;

const START_TURNS = `
INSERT INTO turn_deadlines (game_id, seat, user_id, active_since, due_at, remind_at)
SELECT $1::uuid, started.seat, started.user_id, $2::timestamptz, $5::timestamptz, $6::timestamptz
FROM unnest($3::int[], $4::uuid[]) AS started(seat, user_id)`;

const MARK_EXPIRED = `UPDATE turn_deadlines SET expired_at = $3::timestamptz WHERE game_id = $1::uuid AND seat = $2::int`;

/** A fresh deadline counted from the extension: earlier vacation time is not counted again. */
const EXTEND = `
UPDATE turn_deadlines SET active_since = $3::timestamptz, due_at = $4::timestamptz, remind_at = $5::timestamptz, reminded_at = NULL, expired_at = NULL
WHERE game_id = $1::uuid AND seat = $2::int`;

@Injectable()
export class TurnDeadlineProjection implements GameChangeHook, OnModuleInit {
  constructor(private readonly hooks: GameChangeHooks) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  /** Only games played with move deadlines have any. */
  writesFor(change: PendingChange): ChangeWrites | null {
    const settings = change.state.moveDeadline;
    return settings ? (sql, stored) => this.project(sql, stored, settings) : null;
  }

  private async project(sql: Sql, change: GameChange, settings: MoveDeadlineSettings): Promise<void> {
    const gameId = change.before.row.id;
    const now = change.appended[0].at;
    const starting = seatsNowToAct(change);
    const toAct = change.status && !change.status.finished ? change.status.activeSeats : [];
    await sql.query(CLEAR_FINISHED_AND_RESTARTED, [gameId, toAct, starting]);
    if (starting.length > 0) {
      const { dueAt, remindAt } = deadlineFor(settings, now);
      await sql.query(START_TURNS, [gameId, now, starting, starting.map((seat) => change.state.seats[seat]!), dueAt, remindAt]);
    }
    for (const event of change.appended) {
      const { seat } = event.payload as unknown as SeatPayload;
      if (event.type === DeadlinePassed) {
        await sql.query(MARK_EXPIRED, [gameId, seat, now]);
      } else if (event.type === DeadlineExtended) {
        const dueAt = new Date(event.payload.dueAt as string);
        await sql.query(EXTEND, [gameId, seat, now, dueAt, reminderTime(settings, dueAt)]);
      }
    }
  }
}
