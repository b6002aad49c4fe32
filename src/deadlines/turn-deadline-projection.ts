/**
 * Keeps `turn_deadlines` in step with a game's events, in the same
 * transaction: a seat's deadline starts when its turn does, moves when it is
 * extended, is marked when it passes, and goes when the seat is done.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Sql } from '../database/sql';
import { ChangeWrites, GameChange, GameChangeHook, GameChangeHooks, PendingChange, turnsOfChange } from '../play/game-change-hooks';
import { DeadlineExtended, DeadlinePassed, MoveDeadlineSettings } from '../play/platform-events';
import { runsOutAt } from '../play/platform/clock-time';
import { extensionMs, recordedPauses, reminderAt, seatsToAct, turnBudgetMs } from '../play/platform/clocks';
import { SeatBanks } from './seat-banks';
import { STANDING_DEADLINES, StandingDeadline, withDates } from './standing-deadlines';
import { vacationsOf } from '../vacations/vacations-sql';

interface SeatPayload {
  seat: number;
}

/**
 * One statement: seats whose turn does not run on lose their deadline, seats whose
 * turn starts now get a fresh one (each with its own counted time and
 * weekend zone); it answers with the game's deadlines as they then stand,
 * and their players' vacations, so that the move's own answer need not read
 * them again.
 */
const CLEAR_AND_START_TURNS = `
WITH cleared AS (
  DELETE FROM turn_deadlines WHERE game_id = $1::uuid AND (NOT (seat = ANY($2::int[])) OR seat = ANY($3::int[]))
  RETURNING seat
), started AS (
  INSERT INTO turn_deadlines (game_id, seat, user_id, active_since, turn_started_at, due_at, remind_at, budget_ms, weekend_zone)
  SELECT $1::uuid, s.seat, s.user_id, $5::timestamptz, $5::timestamptz, s.due_at, s.remind_at, s.budget_ms, s.weekend_zone
  FROM unnest($3::int[], $4::uuid[], $6::timestamptz[], $7::timestamptz[], $8::bigint[], $9::text[]) AS s(seat, user_id, due_at, remind_at, budget_ms, weekend_zone)
  RETURNING seat, user_id, active_since, due_at, expired_at, budget_ms, weekend_zone
), standing AS (
  SELECT seat, user_id, active_since, due_at, expired_at, budget_ms, weekend_zone FROM turn_deadlines
  WHERE game_id = $1::uuid AND seat NOT IN (SELECT seat FROM cleared)
  UNION ALL
  SELECT * FROM started
)
SELECT standing.seat, standing.user_id::text AS "userId", standing.active_since AS "activeSince", standing.due_at AS "dueAt",
       standing.expired_at AS "expiredAt", standing.budget_ms::float8 AS "budgetMs", standing.weekend_zone AS "weekendZone",
       ${vacationsOf('standing.user_id')} AS vacations
FROM standing ORDER BY standing.seat`;

const MARK_EXPIRED = `UPDATE turn_deadlines SET expired_at = $3::timestamptz WHERE game_id = $1::uuid AND seat = $2::int`;

/**
 * A fresh deadline counted from the extension: earlier vacation time is not
 * counted again; the turn is the same one (turn_started_at stays). A bank
 * holds what the extension gave, as of then.
 */
const EXTEND = `
WITH bank AS (UPDATE seat_banks SET remaining_ms = $6::bigint WHERE game_id = $1::uuid AND seat = $2::int)
UPDATE turn_deadlines SET active_since = $3::timestamptz, due_at = $4::timestamptz, remind_at = $5::timestamptz, budget_ms = $6::bigint,
  reminded_at = NULL, expired_at = NULL
WHERE game_id = $1::uuid AND seat = $2::int`;

@Injectable()
export class TurnDeadlineProjection implements GameChangeHook, OnModuleInit {
  constructor(
    private readonly hooks: GameChangeHooks,
    private readonly banks: SeatBanks,
  ) {}

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
    const turns = turnsOfChange(change);
    const starting = turns.started;
    // A seat still to act whose turn ended (its player left, a bot to move for it) keeps no deadline either.
    const runningOn = seatsToAct(change.status).filter((seat) => !turns.ended.includes(seat));
    // A bank carries over from turn to turn (seat_banks); a time per move is the same for every turn. An extension sets it below.
    const budgets = settings.bank ? await this.banks.afterTurns(sql, gameId, settings, { at: now, ended: turns.ended, started: starting, extended: [] }) : null;
    const deadlines = starting.map((seat) => {
      const budgetMs = budgets?.get(seat) ?? turnBudgetMs(settings);
      const pauses = recordedPauses(change.state, seat);
      const dueAt = runsOutAt(now, budgetMs, pauses);
      return { dueAt, remindAt: reminderAt(settings, dueAt), budgetMs, weekendZone: pauses.weekendZone };
    });
    const standing = await sql.query<StandingDeadline>(CLEAR_AND_START_TURNS, [
      gameId,
      runningOn,
      starting,
      starting.map((seat) => change.state.seats[seat]!),
      now,
      deadlines.map((d) => d.dueAt),
      deadlines.map((d) => d.remindAt),
      deadlines.map((d) => d.budgetMs),
      deadlines.map((d) => d.weekendZone),
    ]);
    // A passed or extended deadline changes them again below: then the answer reads them (such events are the server's, never a move's).
    const changedAgain = change.appended.some((event) => event.type === DeadlinePassed || event.type === DeadlineExtended);
    if (!changedAgain) change.written?.set(STANDING_DEADLINES, standing.map(withDates));
    for (const seat of turns.passed) await sql.query(MARK_EXPIRED, [gameId, seat, now]);
    for (const event of change.appended) {
      if (event.type !== DeadlineExtended) continue;
      const { seat } = event.payload as unknown as SeatPayload;
      const dueAt = new Date(event.payload.dueAt as string);
      await sql.query(EXTEND, [gameId, seat, now, dueAt, reminderAt(settings, dueAt), extensionMs(settings)]);
    }
  }
}
