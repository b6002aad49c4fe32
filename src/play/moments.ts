/**
 * Where each event stands in the game as players count it: the round, whose
 * turn, and the move number ("Round 2 · Bob's turn · move 14"). Versions
 * (event numbers) stay in the API; people read moves.
 *
 * A move is one step a seat took (a player's accepted move, or the server
 * passing over a seat that ran out of time): the first event of each such
 * append is marked `stepStart`. What a player does beside the play (resign,
 * ask for a takeback) is part of nobody's move. Moves are counted along the line of play in
 * force: after an undo, a rollback or a takeback to version v, counting goes
 * on from the moment of v, so the next move takes the number of the first
 * one undone, while the undone ones keep the numbers they had.
 *
 * Each folded state carries the moment of its version (GameState.moment,
 * folded with `momentAfter`, the same step `momentsOf` takes), so that a
 * move's answer counts its own events on from there, reading nothing.
 */
import type { AnyRuleset } from '../rules/contract';
import { capitalized } from '../rules/text';
import { GameRolledBack, isPlatformEvent, MoveUndone, TakenBack } from './platform-events';

export interface Moment {
  /** The round, for a game that has rounds and has begun its first; else null. */
  round: number | null;
  /** Moves made so far on this line of play, this event's own included (0 before the first). */
  move: number;
  /** The seat whose move this event is part of; null for the server's events and setup. */
  seat: number | null;
}

/** What counting needs of an event: a few stored columns, and two numbers of its payload. */
export interface CountedEvent {
  seq: number;
  type: string;
  actorSeat: number | null;
  stepStart: boolean;
  /** The payload's `round`, of the ruleset's round events (see `Ruleset.rounds`). */
  round: number | null;
  /** The payload's `toVersion`, of an undo or a rollback. */
  toVersion: number | null;
}

export const GAME_START: Moment = { round: null, move: 0, seat: null };

const JUMPS: ReadonlySet<string> = new Set([GameRolledBack, MoveUndone, TakenBack]);

/** An event as counting reads it. */
export function countedEvent(event: {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  actorSeat: number | null;
  stepStart: boolean;
}): CountedEvent {
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    seq: event.seq,
    type: event.type,
    actorSeat: event.actorSeat,
    stepStart: event.stepStart,
    round: number(event.payload.round),
    toVersion: number(event.payload.toVersion),
  };
}

function roundBegun(ruleset: AnyRuleset, event: Pick<CountedEvent, 'type' | 'round'>): number | null {
  const rounds = ruleset.rounds;
  if (!rounds) return null;
  if (event.type === rounds.startedBy) return event.round;
  return event.type === rounds.firstStartedBy ? 1 : null;
}

/** Whether counting `event` needs the moments of earlier events (an undo or a rollback goes back to one). */
export function looksBack(event: CountedEvent): boolean {
  return JUMPS.has(event.type);
}

/**
 * The moment of every event, by seq (and of version 0, the start), counted
 * from the game's first event: `events` in order, none missing. Or counted
 * on from `start`, the moment of an earlier event, when no event of `events`
 * looks back (looksBack) past it.
 */
export function momentsOf(
  ruleset: AnyRuleset,
  events: readonly CountedEvent[],
  start: { seq: number; moment: Moment } = { seq: 0, moment: GAME_START },
): Map<number, Moment> {
  const moments = new Map<number, Moment>([[start.seq, start.moment]]);
  let current = start.moment;
  for (const event of events) {
    current = JUMPS.has(event.type) ? momentAfterJump(moments.get(event.toVersion ?? 0) ?? GAME_START) : momentAfter(ruleset, current, event);
    moments.set(event.seq, current);
  }
  return moments;
}

/** The moment of an event that is no undo, rollback or takeback, from the moment before it (`current` itself when it changes nothing). */
export function momentAfter(ruleset: AnyRuleset, current: Moment, event: Omit<CountedEvent, 'seq' | 'toVersion'>): Moment {
  let next = current;
  if (event.stepStart && event.actorSeat !== null) {
    next = { ...current, move: current.move + 1, seat: event.actorSeat };
  } else if ((event.actorSeat === null || isPlatformEvent(event.type)) && current.seat !== null) {
    // The server's own, or a player's action beside the play (a resignation, a request): part of nobody's move.
    next = { ...current, seat: null };
  }
  const round = roundBegun(ruleset, event);
  return round !== null && round !== next.round ? { ...next, round } : next;
}

/** The moment of an undo, rollback or takeback, from the moment of the version it returns to. */
export function momentAfterJump(target: Moment): Moment {
  return { ...target, seat: null };
}

/**
 * "Round 2 · Bob's turn · move 14"; "Your turn · move 3" in a game without
 * rounds, when `seatName` calls the reader "you"; "The start" before any move.
 */
export function momentLabel(moment: Moment, seatName: (seat: number) => string): string {
  const parts: string[] = [];
  if (moment.round !== null) parts.push(`Round ${moment.round}`);
  if (moment.seat !== null) parts.push(`${possessive(seatName(moment.seat))} turn`);
  if (moment.move > 0) parts.push(`move ${moment.move}`);
  const label = parts.join(' · ');
  return label ? capitalized(label) : 'The start';
}

/** Where a jump to a version lands, in words: "move 14 (round 2)", "the start of the game"; "an earlier move" where not counted. */
export function positionAfter(moment: Moment | null | undefined): string {
  if (!moment) return 'an earlier move';
  if (moment.move === 0) return 'the start of the game';
  return moment.round !== null ? `move ${moment.move} (round ${moment.round})` : `move ${moment.move}`;
}

/** "Bob's", "Chris'", and "your" for a reader named "you". */
export function possessive(name: string): string {
  if (name === 'you') return 'your';
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/**
 * The columns counting reads, as one SQL select list over `game_events`
 * (alias `e`): a few bytes an event, so counting from the first event
 * costs little even in a long game.
 */
export const COUNTED_EVENT_COLUMNS = `e.seq, e.type, e.actor_seat AS "actorSeat", e.step_start AS "stepStart",
  CASE WHEN jsonb_typeof(e.payload->'round') = 'number' THEN (e.payload->>'round')::int END AS round,
  CASE WHEN jsonb_typeof(e.payload->'toVersion') = 'number' THEN (e.payload->>'toVersion')::int END AS "toVersion"`;
