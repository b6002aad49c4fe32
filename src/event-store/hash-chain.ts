/**
 * Each event's hash covers its content and the previous event's hash of the
 * same game, so changing or removing any event breaks every hash after it.
 *
 * It also covers a random salt of the event's own. A player's copy of a
 * running game's record shows every event's hash, but not what is hidden
 * from them (another's hand, a draw). Without a salt, whatever is hidden
 * could be found by hashing each value it might have until one matched the
 * hash shown, in milliseconds for a hand of cards; and every later hash
 * commits to it too. The salt is shown only with the whole event, so a
 * hidden event's hash, and every hash after it, tells nothing of it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from './canonical-json';

export interface HashedFields {
  gameId: string;
  seq: number;
  type: string;
  payload: unknown;
  actorUserId: string | null;
  actorSeat: number | null;
  at: Date;
  clientMoveId: string | null;
  stepStart: boolean;
  reversible: boolean;
  /**
   * What caused the append this event opens (the move as submitted, a
   * server-side cause), or null. Hashed only when set, so that events stored
   * before moves were recorded keep their hashes.
   */
  move?: unknown;
  /**
   * The event's random salt (eventSalt), or null: events stored before
   * events had salts are hashed without one, and keep their hashes.
   */
  salt?: string | null;
}

/** A new event's salt: 128 random bits, more than anyone can try. */
export function eventSalt(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The move and the salt, each hashed as events stored before it was kept
 * were hashed (without it). A salted event always has the move's place, null
 * if it has none, so that its fields can never be read as another's.
 */
function saltedTail(event: HashedFields): unknown[] {
  const move = event.move === undefined ? null : event.move;
  if (event.salt !== null && event.salt !== undefined) return [move, event.salt];
  return move === null ? [] : [move];
}

/** The "previous hash" of a game's first event. */
export const GENESIS_HASH = '';

export function eventHash(previousHash: string, event: HashedFields): string {
  const content = canonicalJson([
    previousHash,
    event.gameId,
    event.seq,
    event.type,
    event.payload,
    event.actorUserId,
    event.actorSeat,
    event.at.toISOString(),
    event.clientMoveId,
    event.stepStart,
    event.reversible,
    ...saltedTail(event),
  ]);
  return createHash('sha256').update(content).digest('hex');
}

export interface IntegrityReport {
  ok: boolean;
  checkedEvents: number;
  /** The first event whose hash or position does not match, if any. */
  firstBadSeq: number | null;
}

/** Recomputes a game's chain from its stored events, in `seq` order. */
export function verifyChain(events: Array<HashedFields & { hash: string }>): IntegrityReport {
  const firstBadSeq = firstBreak(GENESIS_HASH, 0, events);
  return firstBadSeq === null ? { ok: true, checkedEvents: events.length, firstBadSeq } : { ok: false, checkedEvents: firstBadSeq, firstBadSeq };
}

/**
 * The first event of `events` (which should be the events after `afterSeq`,
 * in order) whose hash does not chain onto `previousHash` and the events
 * before it, or whose `seq` is not the next one; null when all do.
 */
export function firstBreak(previousHash: string, afterSeq: number, events: Array<HashedFields & { hash: string }>): number | null {
  let previous = previousHash;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (event.seq !== afterSeq + i + 1 || eventHash(previous, event) !== event.hash) return afterSeq + i + 1;
    previous = event.hash;
  }
  return null;
}
