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
/** The game finished: its server seed is public now, so that anyone can check every draw. */
export const SeedRevealed = 'game.seedRevealed';

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
  /** The ruleset's `version` the game was created under; absent in games stored before versions (1). */
  rulesetVersion?: number;
  seats: number;
  options: Record<string, unknown>;
  /** SHA-256 of the server seed (src/randomness/draw-recipe.ts), public from the start; absent in games stored before it. */
  commitment?: string;
  /** The host chose the seed (only where ALLOW_FIXED_SEEDS is on): everyone should know. */
  fixedSeed?: boolean;
  /**
   * Games stored before commitments kept their seed here instead (secret
   * while the game runs, see history.ts); they count as fixed-seed games.
   */
  seed?: string;
  hostId: string;
  /** Absent: no move deadlines. */
  moveDeadline?: MoveDeadlineSettings;
}

export interface SeatTakenPayload {
  seat: number;
  userId: string;
  /** The player's contribution to the game's randomness, public; absent in games stored before there were any. */
  clientSeed?: string;
}

export interface SeedRevealedPayload {
  serverSeed: string;
}

export interface JumpPayload {
  toVersion: number;
  reason?: string;
}

/**
 * What caused an append the server made without a player's move, recorded
 * as the `move` of its first event (a player's move records the move itself):
 * a move deadline that passed (`game.deadlinePassed` opens the append, and
 * the game's `onExpiry` outcome may follow in it), or the host's decision
 * about one (`resolveDeadline`).
 */
export type ServerCause =
  | { cause: 'deadlinePassed'; seat: number; onExpiry: DeadlineAction | 'ASK_HOST' }
  | { cause: 'resolveDeadline'; seat: number; action: DeadlineAction };

export function isPlatformEvent(type: string): boolean {
  return type.startsWith(PLATFORM_EVENT_PREFIX);
}

/** The version a rollback or undo event returns the game to, else null. */
export function jumpTarget(event: { type: string; payload: Record<string, unknown> }): number | null {
  if (event.type === GameRolledBack || event.type === MoveUndone) return (event.payload as unknown as JumpPayload).toVersion;
  return null;
}
