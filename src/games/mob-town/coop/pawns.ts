/** Co-op roles and pawns: choosing a role, placing a pawn at the start, and the Move action. */
import type { Seat } from '../../../rules/contract';
import { COOP, ROLES } from '../data/coop';
import { cellsWithin } from '../city';
import { modifiersFor } from '../modifiers';
import type { Move, MoveOf } from '../moves';
import type { State } from '../state';
import type { Next } from '../next';
import type { Context } from '../context';
import { cellKey, inBoardOrder, toCell } from '../cells';

export function chooseRoleMoves(state: State): Move[] {
  const taken = state.players.map((p) => p.role);
  return ROLES.filter((r) => !taken.includes(r.id)).map((r) => ({ type: 'chooseRole', role: r.id }));
}

export function applyChooseRole(ctx: Context, seat: Seat, move: MoveOf<'chooseRole'>): Next {
  ctx.log.push({ type: 'roleChosen', seat, role: move.role });
  return 'awaitMove';
}

export function placePawnMoves(state: State): Move[] {
  return inBoardOrder(Object.keys(state.city)).map((cell) => ({ type: 'placePawn', cell: toCell(cell) }));
}

/** Once every pawn is down, the first player's turn begins. */
export function applyPlacePawn(ctx: Context, seat: Seat, move: MoveOf<'placePawn'>): Next {
  const cell = cellKey(move.cell);
  ctx.log.push({ type: 'pawnPlaced', seat, cell, card: ctx.log.state.city[cell].card });
  if (ctx.log.state.players.every((p) => p.pawn)) ctx.log.push({ type: 'turnStarted', seat: ctx.log.state.firstSeat, actions: COOP.actionsPerTurn });
  return 'awaitMove';
}

export function moveMoves(state: State, seat: Seat): Move[] {
  const range = modifiersFor(state, seat).moveRange;
  return cellsWithin(state.city, state.players[seat].pawn!, range).map((cell) => ({ type: 'move', cell: toCell(cell) }));
}

export function applyMovePawn(ctx: Context, seat: Seat, move: MoveOf<'move'>): Next {
  const cell = cellKey(move.cell);
  ctx.log.push({ type: 'pawnMoved', seat, cell, card: ctx.log.state.city[cell].card });
  return 'actionDone';
}
