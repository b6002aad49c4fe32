import { IntrinsicException } from '@nestjs/common';

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
  /** Too many requests of a kind: `extensions.retryAfter` says in how many seconds to try again. */
  | 'RATE_LIMITED'
  /** A WebSocket asking to follow more at once than one connection may (socket-operations.ts). */
  | 'TOO_MANY_SUBSCRIPTIONS'
  /** The same thing was done before: resigning twice, answering a takeback twice. */
  | 'ALREADY_DONE'
  /** An answer to a takeback or proposal to end when none is waiting (none was made, it was declined, lapsed or ended by a move). */
  | 'NOTHING_PENDING'
  /** A takeback or proposal to end while another is waiting for answers. */
  | 'PROPOSAL_PENDING'
  /** The host removing a player whose move deadline has not passed. */
  | 'DEADLINE_NOT_PASSED'
  /** A seat offered to, or taken over by, a player who already has one in the game. */
  | 'ALREADY_SEATED'
  /** A group's invite link that was reset, or a code that never joined any group (src/groups/). */
  | 'INVITE_NOT_VALID'
  /** Something only a group's members may do (see a group, create or join a game in it), or a player who is not in the group. */
  | 'NOT_GROUP_MEMBER'
  /** Removing a group's owner, or its owner leaving or changing role without handing the group over. */
  | 'OWNER_STAYS'
  /** The game's stored history no longer matches its hash chain: it can be read, never written. */
  | 'INTEGRITY_FAILURE';

/**
 * A refusal of the client's request, not a fault of the server's: Nest's
 * exception handler does not log an IntrinsicException (format-error.ts
 * logs refusals at debug level, without a stack).
 */
export class AppError extends IntrinsicException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A request refused for coming too often; `retryAfterSeconds` is when it would be accepted. */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('RATE_LIMITED', `${message} Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`, { retryAfter });
}
