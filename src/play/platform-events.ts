/**
 * Events the server itself writes into a game's stream, beside the
 * ruleset's own events. Their types all start with `game.`, which no
 * ruleset may use.
 */
export const PLATFORM_EVENT_PREFIX = 'game.';

export const GameCreated = 'game.created';
export const SeatTaken = 'game.seatTaken';
export const GameStarted = 'game.started';
/** Host rollback: the state becomes the state at `toVersion`. */
export const GameRolledBack = 'game.rolledBack';
/** A player took back their own last step: the state becomes the state at `toVersion`. */
export const MoveUndone = 'game.moveUndone';
/** The host invited an address to take a seat: `{ invitationId }` (src/invitations/), in older games `{ userId }`. */
export const PlayerInvited = 'game.playerInvited';
/** A seat's move deadline passed (see src/deadlines/). */
export const DeadlinePassed = 'game.deadlinePassed';
export const DeadlineExtended = 'game.deadlineExtended';
/** A seat that ran out of time was passed over; the ruleset's own events for that follow. */
export const TurnSkipped = 'game.turnSkipped';
/** The host ended the game early: it is finished with the current result. */
export const EndedByHost = 'game.endedByHost';

/** What may happen to a seat whose move deadline passed. */
export type DeadlineAction = 'EXTEND' | 'SKIP' | 'END';

/** Correspondence play: how long each seat has to act, and what then. */
export interface MoveDeadlineSettings {
  hoursPerMove: number;
  /** The reminder mail goes out this long before the deadline. */
  reminderHoursBefore: number;
  /** Applied as soon as a deadline passes, or `ASK_HOST` to let the host choose then. */
  onExpiry: DeadlineAction | 'ASK_HOST';
}

export interface GameCreatedPayload {
  ruleset: string;
  seats: number;
  options: Record<string, unknown>;
  /** Secret while the game runs: it determines every future random draw. */
  seed: string;
  hostId: string;
  /** Absent: no move deadlines. */
  moveDeadline?: MoveDeadlineSettings;
}

export interface JumpPayload {
  toVersion: number;
  reason?: string;
}

export function isPlatformEvent(type: string): boolean {
  return type.startsWith(PLATFORM_EVENT_PREFIX);
}

/** The version a rollback or undo event returns the game to, else null. */
export function jumpTarget(event: { type: string; payload: Record<string, unknown> }): number | null {
  if (event.type === GameRolledBack || event.type === MoveUndone) return (event.payload as unknown as JumpPayload).toVersion;
  return null;
}
