/**
 * Where a host's rollback or a takeback may take the game: a point of the
 * game as it stands, between two requests, where something was played since.
 * What the state cannot hold (which events followed that point) comes as
 * facts, worked out by `returnPointOf` from the events after the point,
 * whoever read them: the server from the database, the verifier from a
 * record.
 */
import { changesNothingOfPlay, lifeOf } from '../game-life';
import type { GameState } from '../game-state';
import { opensRequest, rolledBackSeqs } from '../line-of-play';
import { JUMP_EVENT_TYPES } from '../platform-events';
import { type Refusal, refuse } from './decision';

/** What the events after a version say of going back to it. */
export interface ReturnPoint {
  /** It was rolled back, undone or taken back since: going there would go forward into play set aside. */
  setAside: boolean;
  /** It lies inside what one request wrote, where nobody might be able to act. */
  insideOneStep: boolean;
  /** Something that changes the play was written since, on the line in force (else the game already stands there). */
  playedSince: boolean;
}

/** An event after the point, as much of it as the rule reads. */
export interface EventAfter {
  seq: number;
  type: string;
  actorUserId: string | null;
  stepStart: boolean;
  /** A jump's target. */
  toVersion: number | null;
}

/**
 * The facts of going back to `toVersion` from `version`, from the events
 * after it: the first one, every jump, and every event that is no remark
 * (a reader may leave out the remarks after the first).
 */
export function returnPointOf(eventsAfter: readonly EventAfter[], toVersion: number, version: number): ReturnPoint {
  return lineOfPlay(eventsAfter, version)(toVersion);
}

/**
 * The facts of going back to any version from `version`, from the events
 * after the earliest version asked of: one pass over them, however many
 * versions are asked. Jumps before a version asked of set aside only events
 * before themselves, so more events than `returnPointOf` is given change
 * nothing of its facts.
 */
function lineOfPlay(eventsAfter: readonly EventAfter[], version: number): (toVersion: number) => ReturnPoint {
  const jumps = eventsAfter.flatMap((event) => (JUMP_EVENT_TYPES.includes(event.type) ? [{ seq: event.seq, toVersion: event.toVersion ?? 0 }] : []));
  const setAside = rolledBackSeqs(jumps, version);
  const played = (event: EventAfter) => !setAside.has(event.seq) && !JUMP_EVENT_TYPES.includes(event.type) && !changesNothingOfPlay(event.type);
  // Something was played since a version exactly when the last event played, up to now, came after it.
  const lastPlayed = eventsAfter.reduce((last, event) => (event.seq <= version && played(event) ? Math.max(last, event.seq) : last), -1);
  const bySeq = new Map(eventsAfter.map((event) => [event.seq, event]));
  return (toVersion) => {
    const next = bySeq.get(toVersion + 1);
    return { setAside: setAside.has(toVersion), insideOneStep: next !== undefined && !opensRequest(next), playedSince: lastPlayed > toVersion };
  };
}

/**
 * Every version a takeback or a host's rollback may return the game to, as
 * the decider would accept it, oldest first: `eventsAfter` must be every
 * event after the start of `returnRange` (remarks included: a request's
 * first event is one).
 */
export function returnPoints(state: GameState, version: number, eventsAfter: readonly EventAfter[]): number[] {
  const { from, to } = returnRange(state, version);
  const pointAt = lineOfPlay(eventsAfter, version);
  const points: number[] = [];
  for (let toVersion = from; toVersion <= to; toVersion++) if (returnPointRefusal(toVersion, pointAt(toVersion)) === null) points.push(toVersion);
  return points;
}

/**
 * The versions a takeback or a host's rollback may return to: from the start
 * of play, from the last player's leaving and from the last change of a
 * seat's hands (seat-changes.ts), to the one before now.
 */
export function returnRange(state: GameState, version: number): { from: number; to: number } {
  const life = lifeOf(state);
  const lastLeft = life.left.at(-1)?.seq ?? 0;
  return { from: Math.max(state.startedVersion ?? version, lastLeft, life.seatsChangedAt ?? 0), to: version - 1 };
}

/** Why the game may not go back to a point with these facts, or null. */
export function returnPointRefusal(toVersion: number, point: ReturnPoint): Refusal | null {
  if (point.setAside) {
    return refuse(
      'BAD_USER_INPUT',
      `Version ${toVersion} was rolled back or taken back since: go back to a point of the game as it stands, as the history lists them.`,
    );
  }
  if (point.insideOneStep) {
    return refuse('BAD_USER_INPUT', `Version ${toVersion} is inside one move's events: go back to a point between two moves, as the history lists them.`);
  }
  if (!point.playedSince) return refuse('BAD_USER_INPUT', 'Nothing was played since that point: the game already stands there.');
  return null;
}
