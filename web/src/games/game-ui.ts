/**
 * What each game's folder provides to the shared game page: a board drawn
 * from the caller's `view`, where each legal move is offered, and words for
 * moves and history events. Everything else (move buttons, the chooser,
 * undo, the timeline, replay, rollback) is shared. `V` and `M` are the
 * game's own view and move types (`@shared/<game>`).
 */
import type { ComponentType } from 'react';
import type { Move } from '../api/json-fields';
import type { SeatShape } from './seat-colors';

export interface PlayerInfo {
  seat: number;
  name: string;
  color: string;
  /** Markers differ by shape as well as color. */
  shape: SeatShape;
  isMe: boolean;
  /** The seat may act now. */
  active: boolean;
}

/** Names a seat in sentences: "Ann", or "you" for the viewer. */
export type NameOf = (seat: number | null | undefined) => string;

export interface BoardProps<V, M extends Move = Move> {
  view: V;
  players: PlayerInfo[];
  mySeat: number | null;
  /** Empty when replaying history or when it is not the viewer's turn. */
  legalMoves: M[];
}

export interface GameUi<V, M extends Move = Move> {
  Board: ComponentType<BoardProps<V, M>>;
  /**
   * The board targets (ids given to <Target>) that offer this move; empty:
   * the move is offered as a button. A move on several targets (a pair of
   * cards) is offered on each.
   */
  targetsOf(move: M): string[];
  /** The move in words, on buttons and in the chooser. */
  describeMove(move: M, view: V, nameOf: NameOf): string;
  /** What the active player is asked to do now, when the view says. */
  prompt?(view: V): string | null;
  /**
   * Moves with many combinations (a sale of any set of goods) are made with
   * a small form instead of one button each.
   */
  MoveForm?: ComponentType<{ moves: M[]; view: V; submit(move: M): void }>;
  usesForm?(move: M): boolean;
}
