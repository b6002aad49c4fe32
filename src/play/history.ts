/**
 * A game's history as one reader may see it: each event redacted for that
 * reader, and marked when the game's current version no longer stands on it
 * (undone or rolled back). Pure, so the API and the mail worker, which read
 * the events in their own ways, show the same history.
 */
import type { AnyRuleset, Viewer } from '../rules/contract';
import { GameCreated, isPlatformEvent } from './platform-events';

export { JUMP_EVENT_TYPES } from './platform-events';

export interface Jump {
  seq: number;
  toVersion: number;
}

export interface RecordedEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  actorSeat: number | null;
  actorUserId: string | null;
  at: Date;
}

export interface HistoryEntry extends RecordedEvent {
  rolledBack: boolean;
}

/** Which events the current version no longer stands on (undone or rolled back). */
function rolledBackSeqs(jumps: Jump[], version: number): Set<number> {
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

/** `events` as `viewer` may read them, given every jump of the game and its current version. */
export function historyEntries(ruleset: AnyRuleset, events: RecordedEvent[], jumps: Jump[], version: number, viewer: Viewer): HistoryEntry[] {
  const rolledBack = rolledBackSeqs(jumps, version);
  return events.map((event) => ({
    seq: event.seq,
    ...redactEvent(ruleset, event, viewer),
    actorSeat: event.actorSeat,
    actorUserId: event.actorUserId,
    at: event.at,
    rolledBack: rolledBack.has(event.seq),
  }));
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
