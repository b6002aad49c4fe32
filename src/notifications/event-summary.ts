/**
 * What happened since a player's last move, for their "your turn" mail: one
 * sentence per event (see play/event-text.ts), lobby events left out, and
 * only the latest lines of a long stretch (the game's page has the rest).
 */
import type { AnyRuleset } from '../rules/contract';
import { eventText, LOBBY_EVENT_TYPES, SeatName, WordedEvent } from '../play/event-text';

export const MAX_SUMMARY_LINES = 15;

export function summarizeEvents(ruleset: AnyRuleset, events: WordedEvent[], seatName: SeatName): string[] {
  const lines = events
    .filter((event) => !LOBBY_EVENT_TYPES.has(event.type))
    .map((event) => eventText(ruleset, event, seatName))
    .filter((line): line is string => line !== null);
  if (lines.length <= MAX_SUMMARY_LINES) return lines;
  const left = lines.length - MAX_SUMMARY_LINES;
  const earlier = left === 1 ? '1 earlier move or action is' : `${left} earlier moves and actions are`;
  return [`(${earlier} on the game's page.)`, ...lines.slice(-MAX_SUMMARY_LINES)];
}
