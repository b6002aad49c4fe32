/** Draw: take 2 cards from the deck (more with Boom Town or the Informant). Also a landmark's free draw. */
import type { Seat } from '../../../rules/contract';
import { LANDMARKS } from '../data/landmarks';
import { cellKey, controlledCells, toCell } from '../city';
import { drawCards } from '../draw';
import { modifiersFor } from '../modifiers';
import type { Move, MoveOf } from '../moves';
import type { State } from '../state';
import { finishStep } from '../turn';
import type { Tx } from '../tx';

export function drawMoves(state: State): Move[] {
  return state.deck.length > 0 || state.lawInDeck ? [{ type: 'draw' }] : [];
}

export function applyDraw(tx: Tx, seat: Seat): void {
  drawCards(tx, seat, modifiersFor(tx.state, seat).drawCount);
  finishStep(tx);
}

/** The controller of a free-draw landmark may use it once per turn, before the action. */
export function freeDrawMoves(state: State, seat: Seat): Move[] {
  if (state.turn!.freeDrawUsed || !drawMoves(state).length) return [];
  return controlledCells(state, seat)
    .filter((cell) => LANDMARKS.some((l) => l.id === state.city[cell].card && l.power.kind === 'freeDraw'))
    .map((cell) => ({ type: 'freeDraw', cell: toCell(cell) }));
}

export function applyFreeDraw(tx: Tx, seat: Seat, move: MoveOf<'freeDraw'>): void {
  const cell = cellKey(move.cell);
  const landmark = LANDMARKS.find((l) => l.id === tx.state.city[cell].card)!;
  tx.emit({ type: 'freeDrawUsed', seat, cell, card: landmark.id });
  if (landmark.power.kind === 'freeDraw') drawCards(tx, seat, landmark.power.cards);
}
