/**
 * What the platform's decider answers: the events a command writes, or a
 * refusal with the code the API gives it (`extensions.code`) and the words a
 * player reads. A value, never an exception: the server turns a refusal into
 * its error (command-pipeline.ts), the verifier into its verdict.
 */

/** The codes of the decider's refusals: a part of the API's error codes (src/common/errors.ts). */
export type RefusalCode =
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'GAME_NOT_ACTIVE'
  | 'NOT_YOUR_TURN'
  | 'ILLEGAL_MOVE'
  | 'VERSION_CONFLICT'
  | 'ALREADY_DONE'
  | 'PROPOSAL_PENDING'
  | 'NOTHING_PENDING'
  | 'DEADLINE_NOT_PASSED'
  | 'ALREADY_SEATED'
  | 'NOT_GROUP_MEMBER';

export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
  /** Facts the client may act on (a version conflict's versions). */
  details?: Record<string, unknown>;
}

/** An event as the decider writes it: what the event store appends (its NewEvent). */
export interface DecidedEvent {
  type: string;
  payload: Record<string, unknown>;
  /** Null or absent: the server's own. */
  actorUserId?: string | null;
  actorSeat?: number | null;
  stepStart?: boolean;
  reversible?: boolean;
  /** What caused the append this event opens (a move as submitted, a server-side cause). */
  move?: unknown;
}

export type Decision = { ok: true; events: DecidedEvent[] } | Refusal;

export function refuse(code: RefusalCode, message: string, details?: Record<string, unknown>): Refusal {
  return details ? { ok: false, code, message, details } : { ok: false, code, message };
}

export function decided(events: DecidedEvent[]): Decision {
  return { ok: true, events };
}

/** Whether a check's answer is a refusal rather than what it checked. */
export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false && 'code' in value;
}
