/**
 * Each event's hash covers its content and the previous event's hash of the
 * same game, so changing or removing any event breaks every hash after it.
 */
import { createHash } from 'node:crypto';
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
    ...(event.move === null || event.move === undefined ? [] : [event.move]),
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
