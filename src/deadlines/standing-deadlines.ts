/**
 * A game's move deadlines as they stand, with their players' vacations: what
 * `Game.deadlines` shows. A move's own answer takes them from what its append
 * wrote (turn-deadline-projection.ts), any other answer reads them.
 */
import { type Period, runsOutAt } from '../play/platform/clock-time';

export interface StandingDeadline {
  seat: number;
  userId: string;
  activeSince: Date;
  dueAt: Date;
  expiredAt: Date | null;
  /** Counted time the seat had at `activeSince` (a bigint as Prisma reads it); null in rows from before it was kept. */
  budgetMs: number | bigint | null;
  /** Whose weekends pause the deadline; null: weekends count. */
  weekendZone: string | null;
  /** The player's vacations, which pause the deadline. */
  vacations: Period[];
}

/** What a deadline row holds of its clock. */
export type DeadlineClock = Pick<StandingDeadline, 'activeSince' | 'dueAt' | 'budgetMs' | 'weekendZone'>;

/** The counted time a deadline had at its start (rows from before it was kept: until their due time, no weekends paused them). */
export function budgetOf(row: DeadlineClock): number {
  return row.budgetMs === null ? row.dueAt.getTime() - row.activeSince.getTime() : Number(row.budgetMs);
}

/** When the deadline falls, its player's weekends (where the game pauses on them) and vacations not counted. */
export function pausedDueAt(row: DeadlineClock, vacations: readonly Period[]): Date {
  return runsOutAt(row.activeSince, budgetOf(row), { weekendZone: row.weekendZone, vacations });
}

export interface SeatDeadline {
  seat: number;
  deadline: Date;
  passed: boolean;
}

/** Where an append's projection leaves the deadlines it wrote (LoadedGame.written). */
export const STANDING_DEADLINES = Symbol('standing deadlines');

/** A standing deadline as a statement answers it: its vacations come as JSON, with their times as text. */
export function withDates(row: StandingDeadline): StandingDeadline {
  return { ...row, vacations: row.vacations.map((period) => ({ startsAt: new Date(period.startsAt), endsAt: new Date(period.endsAt) })) };
}

/** Each seat's deadline, vacation pauses included, in seat order. */
export function seatDeadlines(standing: StandingDeadline[]): SeatDeadline[] {
  return [...standing]
    .sort((a, b) => a.seat - b.seat)
    .map((row) => ({ seat: row.seat, deadline: pausedDueAt(row, row.vacations), passed: row.expiredAt !== null }));
}
