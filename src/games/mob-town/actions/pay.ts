/** Paying a take-over or a co-op shut-down one card at a time; the last card completes it. */
import type { Seat } from '../../../rules/contract';
import { completeShutDown } from '../coop/shut-down';
import { payValue, payableCards } from '../payment';
import type { Move, MoveOf } from '../moves';
import type { State, Step } from '../state';
import { finishStep } from '../turn';
import type { Tx } from '../tx';
import { costRule } from './take-over';

type PayStep = Extract<Step, { kind: 'pay' }>;

export function payMoves(state: State, seat: Seat, step: PayStep): Move[] {
  const rule = costRule(state, seat, step.cell);
  return payableCards(state.players[seat].hand, rule, step.costLeft, step.payees.length).map((card) => ({ type: 'pay', card }));
}

export function applyPay(tx: Tx, seat: Seat, move: MoveOf<'pay'>, step: PayStep): void {
  let { costLeft, payees } = step;
  if (costLeft > 0) {
    costLeft = Math.max(0, costLeft - payValue(move.card, costRule(tx.state, seat, step.cell)));
    tx.emit({ type: 'cardPaid', seat, card: move.card, to: null });
  } else {
    tx.emit({ type: 'cardPaid', seat, card: move.card, to: payees[0] });
    payees = payees.slice(1);
  }
  if (costLeft > 0 || payees.length) return void tx.emit({ type: 'stepBegan', step: { ...step, costLeft, payees } });
  if (step.purpose === 'takeOver') tx.emit({ type: 'tokenPlaced', seat, cell: step.cell, card: tx.state.city[step.cell].card });
  else completeShutDown(tx, seat, step.cell);
  finishStep(tx);
}
