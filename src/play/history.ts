/**
 * A game's history as one reader may see it: each event redacted for that
 * reader, and marked when the game's current version no longer stands on it
 * (undone or rolled back), and placed in rounds and moves. Pure, so the
 * API and the mail worker, which read
 * the events in their own ways, show the same history.
 */
import { canonicalJson } from '../event-store/canonical-json';
import type { AnyRuleset, Viewer } from '../rules/contract';
import { changesNothingOfPlay } from './game-life';
import { Jump, rolledBackSeqs } from './line-of-play';
import type { Moment } from './moments';
import { GameCreated, isPlatformEvent } from './platform-events';

export interface RecordedEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  actorSeat: number | null;
  actorUserId: string | null;
  at: Date;
  /** What caused the append this event opens (the move as submitted, a server-side cause), or null. */
  move?: unknown;
  stepStart?: boolean;
}

export interface HistoryEntry extends RecordedEvent {
  /** Undone, rolled back or taken back since: the game no longer stands on it, so it is no point to go back to. */
  setAside: boolean;
  /** Play set aside (struck through): a request, an answer or a deadline set aside still happened, and is not. */
  rolledBack: boolean;
  /** The move (or cause) this event opens, as the reader may see it; null where there is none or it is hidden. */
  move: unknown;
  /** Where the game stood after this event, in rounds and moves; null where the reader did not count them. */
  moment: Moment | null;
  /** For an undo or a rollback: where it took the game back to. */
  target: Moment | null;
}

/**
 * `events` as `viewer` may read them, given every jump of the game and its
 * current version. Only the first `shown` entries are returned: the events
 * after them are there to tell whether a step that starts among them hides
 * anything (see visibleMove).
 */
export function historyEntries(
  ruleset: AnyRuleset,
  events: RecordedEvent[],
  jumps: Jump[],
  version: number,
  viewer: Viewer,
  shown = events.length,
  moments: ReadonlyMap<number, Moment> = new Map(),
): HistoryEntry[] {
  const setAside = rolledBackSeqs(jumps, version);
  const jumpTargets = new Map(jumps.map((jump) => [jump.seq, jump.toVersion]));
  const momentAt = (seq: number | undefined) => (seq === undefined ? null : (moments.get(seq) ?? null));
  return events.slice(0, shown).map((event, i) => ({
    seq: event.seq,
    ...redactEvent(ruleset, event, viewer),
    actorSeat: event.actorSeat,
    actorUserId: event.actorUserId,
    at: event.at,
    setAside: setAside.has(event.seq),
    rolledBack: setAside.has(event.seq) && !changesNothingOfPlay(event.type),
    move: visibleMove(ruleset, events, i, viewer),
    moment: momentAt(event.seq),
    target: momentAt(jumpTargets.get(event.seq)),
  }));
}

/** An event that opens an append or a step: the events after one up to the next belong to it. */
export function opensAppend(event: { type: string; move?: unknown; stepStart?: boolean }): boolean {
  return isPlatformEvent(event.type) || (event.move !== null && event.move !== undefined) || event.stepStart === true;
}

/**
 * The move recorded on `events[i]`, if `viewer` may see it. A server-side
 * cause is public; a player's move is seen by its player, by everyone once
 * the game is over, and by others when its step hid nothing from them (every
 * event of it reads the same redacted for them): a move may name what its
 * events keep secret (a card played face down), so otherwise it stays hidden.
 */
function visibleMove(ruleset: AnyRuleset, events: RecordedEvent[], i: number, viewer: Viewer): unknown {
  const event = events[i];
  if (event.move === null || event.move === undefined) return null;
  if (viewer === 'all' || isPlatformEvent(event.type) || viewer === event.actorSeat) return event.move;
  for (let j = i; j < events.length; j++) {
    if (j > i && opensAppend(events[j])) return event.move;
    const { type, ...payload } = ruleset.redact({ ...events[j].payload, type: events[j].type }, viewer);
    if (type !== events[j].type || canonicalJson(payload) !== canonicalJson(events[j].payload)) return null;
  }
  // The step may go on past the events read: nothing says it hid nothing.
  return null;
}

function redactEvent(ruleset: AnyRuleset, event: RecordedEvent, viewer: Viewer): { type: string; payload: Record<string, unknown> } {
  if (event.type === GameCreated && viewer !== 'all') {
    // The seed decides every future draw: secret until the game is over.
    const { seed: _secret, ...rest } = event.payload;
    return { type: event.type, payload: rest };
  }
  if (isPlatformEvent(event.type)) return { type: event.type, payload: event.payload };
  const { type, ...payload } = ruleset.redact({ ...event.payload, type: event.type }, viewer);
  return { type, payload };
}
