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

export interface GameCreatedPayload {
  ruleset: string;
  seats: number;
  options: Record<string, unknown>;
  /** Secret while the game runs: it determines every future random draw. */
  seed: string;
  hostId: string;
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
