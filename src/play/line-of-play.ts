/**
 * The line of play in force: which events a game as it stands no longer
 * stands on (undone, rolled back or taken back since), and where one
 * request's events begin, the only places the game may go back to. Pure: the
 * decider, the history and the verifier read a game's line the same way.
 */
import { BotMoved, DeadlinePassed, isPlatformEvent, jumpTarget, ProposalLapsed, TableExpired } from './platform-events';

/** A rollback, undo or takeback: the event at `seq` returned the game to `toVersion`. */
export interface Jump {
  seq: number;
  toVersion: number;
}

/** Every rollback, undo and takeback among `events`. */
export function jumpsIn(events: ReadonlyArray<{ seq: number; type: string; payload: Record<string, unknown> }>): Jump[] {
  return events.flatMap((event) => {
    const toVersion = jumpTarget(event);
    return toVersion === null ? [] : [{ seq: event.seq, toVersion }];
  });
}

/** Which events the current version no longer stands on (undone or rolled back). */
export function rolledBackSeqs(jumps: Jump[], version: number): Set<number> {
  const rolledBack = new Set<number>();
  const newestFirst = [...jumps].sort((a, b) => b.seq - a.seq);
  let current = version;
  for (const jump of newestFirst) {
    if (jump.seq > current) continue; // itself on an abandoned branch
    for (let seq = jump.toVersion + 1; seq < jump.seq; seq++) rolledBack.add(seq);
    current = jump.toVersion;
  }
  return rolledBack;
}

/** Platform events the server writes on its own, each opening an append of its own. */
const OPENED_BY_THE_SERVER: ReadonlySet<string> = new Set([DeadlinePassed, ProposalLapsed, TableExpired, BotMoved]);

/**
 * Whether `event` is the first of what one request wrote: a player's move
 * (its first event, which names its player), any platform event made by a
 * player or the host, or one the server writes on its own (a deadline that
 * passed, a proposal that lapsed, a bot's move). What follows in the same append (the
 * rest of a move, a skip after a deadline, the turns played for a seat that
 * left, the seed revealed at the end) does not. The game may go back only
 * to just before such an event, never into the middle of an append, where
 * nobody might be able to act.
 */
export function opensRequest(event: { type: string; actorUserId: string | null; stepStart?: boolean }): boolean {
  if (!isPlatformEvent(event.type)) return event.stepStart === true && event.actorUserId !== null;
  return event.actorUserId !== null || OPENED_BY_THE_SERVER.has(event.type);
}
