/**
 * A short readable account of a game's events for mail: one line per event,
 * from payloads already redacted for the reader. Rulesets have no text of
 * their own, so event types and simple payload fields are spelled out.
 */
import { DeadlineExtended, DeadlinePassed, GameRolledBack, GameStarted, isPlatformEvent, MoveUndone, TurnSkipped } from '../play/platform-events';

export interface SummaryEvent {
  type: string;
  payload: Record<string, unknown>;
  actorName: string | null;
}

export const MAX_SUMMARY_LINES = 15;

function words(type: string): string {
  return type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' ').toLowerCase();
}

/** `amount 2, seat 1`: the payload's plain values; nested structures are left out. */
function facts(payload: Record<string, unknown>): string {
  return Object.entries(payload)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${words(key)} ${value}`)
    .join(', ');
}

function platformLine(event: SummaryEvent): string | null {
  const who = event.actorName ?? 'The server';
  switch (event.type) {
    case GameStarted:
      return 'The game started';
    case GameRolledBack:
      return `${who} rolled the game back to version ${event.payload.toVersion}: ${event.payload.reason}`;
    case MoveUndone:
      return `${who} took back a step`;
    case DeadlinePassed:
      return `Seat ${event.payload.seat} ran out of time`;
    case DeadlineExtended:
      return `The deadline of seat ${event.payload.seat} was extended`;
    case TurnSkipped:
      return `The turn of seat ${event.payload.seat} was skipped`;
    default:
      return null; // lobby bookkeeping: nothing a player needs to read
  }
}

function line(event: SummaryEvent): string | null {
  if (isPlatformEvent(event.type)) return platformLine(event);
  const details = facts(event.payload);
  return `${event.actorName ?? 'The game'}: ${words(event.type)}${details ? ` (${details})` : ''}`;
}

export function summarizeEvents(events: SummaryEvent[]): string[] {
  const lines = events.map(line).filter((l): l is string => l !== null);
  if (lines.length <= MAX_SUMMARY_LINES) return lines;
  const left = lines.length - MAX_SUMMARY_LINES;
  return [`(${left} earlier event${left === 1 ? '' : 's'} not shown)`, ...lines.slice(-MAX_SUMMARY_LINES)];
}
