/**
 * Open Lot: spend a briefcase to place one of the face-up open-lot
 * properties on any empty cell along the city's edge, refill the open lot,
 * then optionally take the new property over without connection cost.
 */
import type { Seat } from '../../../rules/contract';
import { edgeCells } from '../city';
import type { Move, MoveOf } from '../moves';
import type { State } from '../state';
import type { Next } from '../next';
import type { Context } from '../context';
import { cellKey, toCell } from '../cells';

/** Placements offered; `needsBriefcase` is false when the Architect grants the placement. */
export function openLotMoves(state: State, seat: Seat, needsBriefcase: boolean): Move[] {
  if (needsBriefcase && state.players[seat].briefcases < 1) return [];
  const cells = edgeCells(state.city);
  return state.openLot.flatMap((property) => cells.map((cell) => ({ type: 'openLot' as const, property, cell: toCell(cell) })));
}

export function applyOpenLot(ctx: Context, seat: Seat, move: MoveOf<'openLot'>, needsBriefcase: boolean): Next {
  const cell = cellKey(move.cell);
  if (needsBriefcase) ctx.log.push({ type: 'briefcaseSpent', seat });
  ctx.log.push({ type: 'lotPlaced', seat, card: move.property, cell });
  const deck = ctx.log.state.propertyDeck;
  if (deck.length) ctx.log.push({ type: 'openLotRefilled', card: deck[ctx.random.int(deck.length)] });
  return { offer: { kind: 'takeOver', onlyCell: cell, ignoreConnection: true, ignoreTokens: false } };
}
