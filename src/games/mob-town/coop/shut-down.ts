/**
 * Shut Down (co-op): on a face-up property with no family tokens under your
 * pawn, pay cards of its suits (cash is a wild) worth its value; it turns
 * face down, the players score its value, and the mob expands the business.
 */
import type { Seat } from '../../../rules/contract';
import { lotCard } from '../cards';
import { modifiersFor } from '../modifiers';
import type { Move } from '../moves';
import { canComplete } from '../payment';
import type { State } from '../state';
import type { Context } from '../context';
import type { Next } from '../next';
import { costRule } from '../actions/take-over';
import { checkCoopEnd } from './end';
import { expandBusiness } from './mob';
import type { CellKey } from '../cells';

function shutDownCost(state: State, seat: Seat, cell: CellKey): number {
  return Math.max(1, lotCard(state.city[cell].card).value + modifiersFor(state, seat).shutDownDelta);
}

export function shutDownMoves(state: State, seat: Seat): Move[] {
  const cell = state.players[seat].pawn!;
  const lot = state.city[cell];
  if (lot.shutDown || lot.tokens.length) return [];
  return canComplete(state.players[seat].hand, costRule(state, seat, cell), shutDownCost(state, seat, cell), 0) ? [{ type: 'shutDown' }] : [];
}

export function applyShutDown(ctx: Context, seat: Seat): Next {
  const cell = ctx.log.state.players[seat].pawn!;
  ctx.log.push({ type: 'stepBegan', step: { kind: 'pay', purpose: 'shutDown', cell, costLeft: shutDownCost(ctx.log.state, seat, cell), payees: [] } });
  return 'awaitMove';
}

/** Called once the last card is paid. */
export function completeShutDown(ctx: Context, seat: Seat, cell: CellKey): void {
  const card = ctx.log.state.city[cell].card;
  ctx.log.push({ type: 'propertyShutDown', seat, cell, card, points: lotCard(card).value });
  checkCoopEnd(ctx);
  if (ctx.log.state.phase !== 'finished') expandBusiness(ctx, cell);
}
