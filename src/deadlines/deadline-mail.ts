/**
 * What deadlines contribute to mail (notifications/mail-parts.ts): when a
 * deadline reminder, written by the deadline sweep (deadlines.ts), is no
 * longer true and so is not sent; and the deadline a turn mail asks its
 * player to move by, whatever the game's time control (a time per move, or
 * what is left in a bank).
 */
import type { MailPart } from '../notifications/mail-parts';
import { turnOver } from '../notifications/superseded-mail';
import { gamesInPhase } from '../play/play-sql';

/**
 * SQL: the deadline reminder `n` is about a deadline no longer running for
 * its seat: the player moved, the turn passed, the game ended, or the
 * deadline passed, was extended or restarted (each gives the seat's row a
 * new `active_since`, or removes it). A reminder written before it named
 * its deadline's start counts as running while its seat's deadline has been
 * reminded and not passed, and its player has not moved since.
 */
function reminderOver(n: string): string {
  return `NOT EXISTS (
    SELECT 1 FROM turn_deadlines t JOIN ${gamesInPhase('ACTIVE')} g ON g.id = t.game_id
    WHERE t.game_id = ${n}.game_id AND t.seat = (${n}.details->>'seat')::int AND t.user_id = ${n}.user_id AND t.expired_at IS NULL
      AND CASE WHEN ${n}.details->>'activeSince' IS NOT NULL THEN t.active_since = (${n}.details->>'activeSince')::timestamptz
          ELSE t.reminded_at IS NOT NULL AND NOT ${turnOver(n)} END)`;
}

/** SQL: when the running deadline of the seat notification `n` names falls due (before vacation pauses, as a reminder tells it). */
function runningDeadline(n: string): string {
  return `SELECT t.due_at FROM turn_deadlines t
    WHERE t.game_id = ${n}.game_id AND t.seat = (${n}.details->>'seat')::int AND t.user_id = ${n}.user_id AND t.expired_at IS NULL`;
}

export const DEADLINE_REMINDERS_IN_MAIL: MailPart = { superseded: { kind: 'DEADLINE_REMINDER', when: reminderOver }, turnDeadline: runningDeadline };
