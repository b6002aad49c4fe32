/**
 * Move-deadline settings of a game (chosen at createGame and stored in its
 * `game.created` event) and the deadlines they give a seat.
 */
import { AppError } from '../common/errors';
import type { DeadlineAction, MoveDeadlineSettings } from './platform-events';
import type { AnyRuleset } from '../rules/contract';

export const MAX_HOURS_PER_MOVE = 60 * 24;
const DEFAULT_REMINDER_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

export interface MoveDeadlineInput {
  hoursPerMove: number;
  reminderHoursBefore?: number | null;
  onExpiry?: DeadlineAction | 'ASK_HOST' | null;
}

/** The settings with defaults applied; refuses anything out of range with BAD_USER_INPUT. */
export function checkMoveDeadline(ruleset: AnyRuleset, input: MoveDeadlineInput): MoveDeadlineSettings {
  const { hoursPerMove } = input;
  if (!Number.isInteger(hoursPerMove) || hoursPerMove < 1 || hoursPerMove > MAX_HOURS_PER_MOVE) {
    throw new AppError('BAD_USER_INPUT', `hoursPerMove must be a whole number from 1 to ${MAX_HOURS_PER_MOVE}.`);
  }
  const reminderHoursBefore = input.reminderHoursBefore ?? Math.min(DEFAULT_REMINDER_HOURS, Math.floor(hoursPerMove / 2));
  if (!Number.isInteger(reminderHoursBefore) || reminderHoursBefore < 0 || reminderHoursBefore >= hoursPerMove) {
    throw new AppError('BAD_USER_INPUT', `reminderHoursBefore must be a whole number from 0 (no reminder) to ${hoursPerMove - 1}.`);
  }
  const onExpiry = input.onExpiry ?? 'ASK_HOST';
  if (onExpiry === 'SKIP' && !ruleset.skipTurn) {
    throw new AppError('BAD_USER_INPUT', `${ruleset.name} cannot skip a player's turn: choose EXTEND, END or ASK_HOST.`);
  }
  return { hoursPerMove, reminderHoursBefore, onExpiry };
}

/** When a seat whose turn began at `since` must have moved, and when it is reminded. */
export function deadlineFor(settings: MoveDeadlineSettings, since: Date): { dueAt: Date; remindAt: Date } {
  const dueAt = new Date(since.getTime() + settings.hoursPerMove * HOUR_MS);
  return { dueAt, remindAt: reminderTime(settings, dueAt) };
}

export function reminderTime(settings: MoveDeadlineSettings, dueAt: Date): Date {
  return new Date(dueAt.getTime() - settings.reminderHoursBefore * HOUR_MS);
}
