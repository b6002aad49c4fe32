/** Draw: take 2 cards from the deck (more with Boom Town or the Informant). Also a landmark's free draw. */
import type { Seat } from '../../../rules/contract';
import { LANDMARKS } from '../data/landmarks';
import { controlledCells } from '../city';
import { drawCards } from '../draw';
import { modifiersFor } from '../modifiers';
import type { Move, MoveOf } from '../moves';
import type { State } from '../state';
import type { Next } from '../next';
import type { Context } from '../context';
import { cellKey, toCell } from '../cells';

export function drawMoves(state: State): Move[] {
  return state.deck.length > 0 || state.lawInDeck ? [{ type: 'draw' }] : [];
}

export function applyDraw(ctx: Context, seat: Seat): Next {
  drawCards(ctx, seat, modifiersFor(ctx.log.state, seat).drawCount);
  return 'actionDone';
}

/** The controller of a free-draw landmark may use it once per turn, before the action. */
export function freeDrawMoves(state: State, seat: Seat): Move[] {
  if (state.turn!.freeDrawUsed || !drawMoves(state).length) return [];
  return controlledCells(state, seat)
    .filter((cell) => LANDMARKS.some((l) => l.id === state.city[cell].card && l.power.kind === 'freeDraw'))
    .map((cell) => ({ type: 'freeDraw', cell: toCell(cell) }));
}

/** Before the action: the player then chooses it. */
export function applyFreeDraw(ctx: Context, seat: Seat, move: MoveOf<'freeDraw'>): Next {
  const cell = cellKey(move.cell);
  const landmark = LANDMARKS.find((l) => l.id === ctx.log.state.city[cell].card)!;
  ctx.log.push({ type: 'freeDrawUsed', seat, cell, card: landmark.id });
  if (landmark.power.kind === 'freeDraw') drawCards(ctx, seat, landmark.power.cards);
  return 'awaitMove';
}
