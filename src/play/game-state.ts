/**
 * The server's fold of a game's stream: lobby facts plus the ruleset's own
 * state. Pure, like the rulesets: `foldEvent` knows nothing of storage.
 * Rollback and undo events are not folded here: they make the state equal to
 * an earlier one, which the loader (game-loader.ts) looks up.
 */
import type { AnyRuleset, GameOptions, GameStatus, Seat } from '../rules/contract';
import { EndedByHost, GameCreated, GameCreatedPayload, GameStarted, isPlatformEvent, jumpTarget, MoveDeadlineSettings, SeatTaken } from './platform-events';

export interface UndoableStep {
  seat: number;
  /** The version just before the step: undoing returns here. */
  before: number;
}

export interface GameState {
  started: boolean;
  /** userId per seat, null while free. */
  seats: (string | null)[];
  options: GameOptions;
  /** The ruleset's state, from `game.started` on. */
  rules: unknown;
  /** Steps their players may still take back, newest last. */
  undoable: UndoableStep[];
  /** Set when the game was created with move deadlines. */
  moveDeadline?: MoveDeadlineSettings;
  /** Set when the host ended the game before the rules did. */
  endedByHost?: { reason: string };
}

export interface FoldableEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  actorSeat: number | null;
  stepStart: boolean;
  reversible: boolean;
}

export const EMPTY_GAME_STATE: GameState = { started: false, seats: [], options: {}, rules: null, undoable: [] };

function foldStep(state: GameState, event: FoldableEvent): UndoableStep[] {
  if (!event.stepStart) return state.undoable;
  // A step that cannot be taken back seals every step before it.
  if (!event.reversible || event.actorSeat === null) return [];
  return [...state.undoable, { seat: event.actorSeat, before: event.seq - 1 }];
}

export function foldEvent(ruleset: AnyRuleset, state: GameState, event: FoldableEvent): GameState {
  if (jumpTarget(event) !== null) throw new Error(`${event.type} must be resolved by the loader, not folded`);
  switch (event.type) {
    case GameCreated: {
      const created = event.payload as unknown as GameCreatedPayload;
      return {
        ...state,
        seats: Array.from({ length: created.seats }, () => null),
        options: created.options as GameOptions,
        ...(created.moveDeadline ? { moveDeadline: created.moveDeadline } : {}),
      };
    }
    case SeatTaken: {
      const { seat, userId } = event.payload as { seat: number; userId: string };
      return { ...state, seats: state.seats.map((current, i) => (i === seat ? userId : current)) };
    }
    case GameStarted:
      return { ...state, started: true, rules: ruleset.initialState({ seats: state.seats.length, options: state.options }) };
    case EndedByHost:
      return { ...state, endedByHost: { reason: (event.payload as { reason: string }).reason } };
    default: {
      if (isPlatformEvent(event.type)) return state;
      const rulesEvent = { ...event.payload, type: event.type };
      // Spelled out rather than spread: this is the hot path of every replay.
      return {
        started: state.started,
        seats: state.seats,
        options: state.options,
        rules: ruleset.evolve(state.rules, rulesEvent),
        undoable: foldStep(state, event),
        moveDeadline: state.moveDeadline,
        endedByHost: state.endedByHost,
      };
    }
  }
}

/** Seats with the highest score: the winners of a game ended before its rules ended it. */
function leaders(scores: number[] | undefined): Seat[] {
  if (!scores || scores.length === 0) return [];
  const best = Math.max(...scores);
  return scores.flatMap((score, seat) => (score === best ? [seat] : []));
}

/** The ruleset's status, except that a game the host ended is finished with its current scores. */
/**
 * Statuses worked out so far, by state. A state is never changed once made,
 * and the server asks the same one several times: once after the append that
 * made it, again before the next move, and per field of a query.
 */
const statuses = new WeakMap<GameState, GameStatus | null>();

/** The game's status (shared: not to be changed by the caller), or null before it starts. */
export function gameStatus(ruleset: AnyRuleset, state: GameState): GameStatus | null {
  let status = statuses.get(state);
  if (status === undefined) {
    status = statusOf(ruleset, state);
    statuses.set(state, status);
  }
  return status;
}

function statusOf(ruleset: AnyRuleset, state: GameState): GameStatus | null {
  if (!state.started) return null;
  const status: GameStatus = ruleset.status(state.rules);
  if (!state.endedByHost || status.finished) return status;
  return {
    ...status,
    activeSeats: [],
    finished: true,
    winners: leaders(status.scores),
    detail: { ...status.detail, endedByHost: state.endedByHost.reason },
  };
}
