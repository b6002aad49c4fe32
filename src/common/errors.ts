/**
 * Every refusal the API gives has one of these codes (sent as
 * `extensions.code`) and a message a person understands.
 */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'ILLEGAL_MOVE'
  | 'NOT_YOUR_TURN'
  | 'VERSION_CONFLICT'
  | 'GAME_NOT_ACTIVE'
  /** The game's stored history no longer matches its hash chain: it can be read, never written. */
  | 'INTEGRITY_FAILURE';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
