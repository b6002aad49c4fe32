/**
 * The server's fold of a game's stream: lobby facts plus the ruleset's own
 * state. Pure, like the rulesets: `foldEvent` knows nothing of storage.
 * Rollback and undo events are not folded here: they make the state equal to
 * an earlier one, which the loader (game-loader.ts) looks up.
 */
import type { AnyRuleset, GameOptions } from '../rules/contract';
import { GameCreated, GameCreatedPayload, GameStarted, isPlatformEvent, jumpTarget, SeatTaken } from './platform-events';

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
      return { ...state, seats: Array.from({ length: created.seats }, () => null), options: created.options as GameOptions };
    }
    case SeatTaken: {
      const { seat, userId } = event.payload as { seat: number; userId: string };
      return { ...state, seats: state.seats.map((current, i) => (i === seat ? userId : current)) };
    }
    case GameStarted:
      return { ...state, started: true, rules: ruleset.initialState({ seats: state.seats.length, options: state.options }) };
    default: {
      if (isPlatformEvent(event.type)) return state;
      const rulesEvent = { ...event.payload, type: event.type };
      return { ...state, rules: ruleset.evolve(state.rules, rulesEvent), undoable: foldStep(state, event) };
    }
  }
}
