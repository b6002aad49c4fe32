/** Paying a take-over or a co-op shut-down one card at a time; the last card completes it. */
import type { Seat } from '../../../rules/contract';
import { completeShutDown } from '../coop/shut-down';
import { payValue, payableCards } from '../payment';
import type { Move, MoveOf } from '../moves';
import type { State, Step } from '../state';
import type { Next } from '../next';
import type { Context } from '../context';
import { costRule } from './take-over';

type PayStep = Extract<Step, { kind: 'pay' }>;

export function payMoves(state: State, seat: Seat, step: PayStep): Move[] {
  const rule = costRule(state, seat, step.cell);
  return payableCards(state.players[seat].hand, rule, step.costLeft, step.payees.length).map((card) => ({ type: 'pay', card }));
}

export function applyPay(ctx: Context, seat: Seat, move: MoveOf<'pay'>, step: PayStep): Next {
  let { costLeft, payees } = step;
  if (costLeft > 0) {
    costLeft = Math.max(0, costLeft - payValue(move.card, costRule(ctx.log.state, seat, step.cell)));
    ctx.log.push({ type: 'cardPaid', seat, card: move.card, to: null });
  } else {
    ctx.log.push({ type: 'cardPaid', seat, card: move.card, to: payees[0] });
    payees = payees.slice(1);
  }
  if (costLeft > 0 || payees.length) {
    ctx.log.push({ type: 'stepBegan', step: { ...step, costLeft, payees } });
    return 'awaitMove';
  }
  if (step.purpose === 'takeOver') ctx.log.push({ type: 'tokenPlaced', seat, cell: step.cell, card: ctx.log.state.city[step.cell].card });
  else completeShutDown(ctx, seat, step.cell);
  return 'actionDone';
}
