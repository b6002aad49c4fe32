/**
 * A game's move deadlines as they stand, with their players' vacations: what
 * `Game.deadlines` shows. A move's own answer takes them from what its append
 * wrote (turn-deadline-projection.ts), any other answer reads them.
 */
import type { Period } from '../vacations/vacation-time';
import { pausedDeadline } from '../vacations/vacation-time';

export interface StandingDeadline {
  seat: number;
  userId: string;
  activeSince: Date;
  dueAt: Date;
  expiredAt: Date | null;
  /** The player's vacations, which pause the deadline. */
  vacations: Period[];
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
    .map((row) => ({ seat: row.seat, deadline: pausedDeadline(row.activeSince, row.dueAt, row.vacations), passed: row.expiredAt !== null }));
}
