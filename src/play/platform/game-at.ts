/**
 * A game as the decider sees it, and the checks most commands begin with:
 * who holds a seat, whether the game is being played, the host. Pure.
 */
import { checkedText } from '../../common/clean-text';
import type { AnyRuleset, GameStatus, RulesEvent } from '../../rules/contract';
import type { Random } from '../../rules/random';
import { leftSeats } from '../game-life';
import { gameStatus, type GameState, seatOf } from '../game-state';
import { isPlatformEvent } from '../platform-events';
import { type DecidedEvent, isRefusal, type Refusal, refuse } from './decision';

/** A game at one version: its rules, its folded state, and how an append made at a state draws. */
export interface GameAt {
  ruleset: AnyRuleset;
  state: GameState;
  /** The version `state` is at: the game's current one. */
  version: number;
  /** The draws of an append made at `state` (keyed to its line position: src/randomness/draw-recipe.ts). */
  draws(state: GameState): Random;
}

export type GamePhase = 'LOBBY' | 'ACTIVE' | 'FINISHED';
/** The phase as the game's row stores it and its record gives it: a table that expired unstarted is EXPIRED. */
export type StoredPhase = GamePhase | 'EXPIRED';

export function statusOf(game: GameAt, state = game.state): GameStatus | null {
  return gameStatus(game.ruleset, state);
}

/** Waiting for players, being played, or over: as the lobby lists it. */
export function phaseOf(game: GameAt, state = game.state): GamePhase {
  return phaseOfStatus(statusOf(game, state));
}

/** The phase of a game whose status (statusOf) is `status`. */
function phaseOfStatus(status: GameStatus | null): GamePhase {
  return status === null ? 'LOBBY' : status.finished ? 'FINISHED' : 'ACTIVE';
}

/**
 * The phase the server stores with each append (lobby-projection.ts) and a
 * verifier finds the record's events leave the game in: `status` is the
 * state's (statusOf), which both have at hand.
 */
export function storedPhase(status: GameStatus | null, state: Pick<GameState, 'expired'>): StoredPhase {
  return state.expired ? 'EXPIRED' : phaseOfStatus(status);
}

/**
 * Everything about a game is public once it is over: every seat's view, its
 * record and chat, its server seed. A table that expired unstarted was never
 * played, and keeps its seed. `phase` as the game's row stores it.
 */
export function revealedToAll(phase: StoredPhase | null): boolean {
  return phase === 'FINISHED';
}

/** The actor's seat, or the refusal of one who holds none. */
export function actorSeat(state: GameState, actor: string | null): number | Refusal {
  const seat = seatOf(state, actor ?? undefined);
  return seat === null ? refuse('FORBIDDEN', 'You do not have a seat in this game.') : seat;
}

export function requireActive(game: GameAt): Refusal | null {
  const phase = phaseOf(game);
  if (phase === 'ACTIVE') return null;
  return refuse('GAME_NOT_ACTIVE', phase === 'LOBBY' ? 'The game has not started yet.' : 'The game is over.');
}

/** The actor's seat in a game being played, or why they cannot act in it. */
export function seatInPlay(game: GameAt, actor: string | null): number | Refusal {
  const seat = actorSeat(game.state, actor);
  return isRefusal(seat) ? seat : (requireActive(game) ?? seat);
}

/** Refuses `seat` once its player left the game: where bots take over, the seat is still to act, but the bot's. */
export function requireInPlay(state: GameState, seat: number): Refusal | null {
  return leftSeats(state).includes(seat) ? refuse('FORBIDDEN', 'You have left this game.') : null;
}

/** `message` says what only the host may do. */
export function requireHost(state: GameState, actor: string | null, message: string): Refusal | null {
  return actor !== null && actor === state.hostId ? null : refuse('FORBIDDEN', message);
}

/** Commands only the server gives itself (a deadline passing, a proposal lapsing). */
export function requireServer(actor: string | null, message: string): Refusal | null {
  return actor === null ? null : refuse('FORBIDDEN', message);
}

/**
 * Seats in the API's arguments count from 0 (the host takes seat 0), as
 * players never do: the page, the history and every message name index 0
 * "seat 1". A refusal of a seat argument says both.
 */
export function seatArgument(seat: number, seatCount: number): Refusal | null {
  if (Number.isInteger(seat) && seat >= 0 && seat < seatCount) return null;
  return refuse('BAD_USER_INPUT', `seat must be from 0 to ${seatCount - 1} (0 is the seat players call seat 1).`);
}

/** `text` cleaned as free text others read (src/common/clean-text.ts), or its refusal. */
export function cleanedText(text: string, what: string, range: readonly [number, number]): string | Refusal {
  const checked = checkedText(text, what, range);
  return checked.ok ? checked.text : refuse('BAD_USER_INPUT', checked.problem);
}

/** A ruleset's event as the server writes it, by `userId` in `seat` (both null: the server's own). */
export function rulesEventAs(event: RulesEvent, userId: string | null, seat: number | null): DecidedEvent {
  if (isPlatformEvent(event.type)) throw new Error(`ruleset event type ${event.type} uses the reserved "game." prefix`);
  const { type, ...payload } = event;
  return { type, payload, actorUserId: userId, actorSeat: seat };
}
