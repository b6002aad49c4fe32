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
  | 'GAME_NOT_ACTIVE';

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
