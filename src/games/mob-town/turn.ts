/**
 * How a turn advances: an action finishes, then the next action a hired
 * professional owes, then (co-op) the next of three actions, then the turn
 * ends and (co-op) the mob acts before the next seat begins.
 */
import type { Grant } from './data/professionals';
import { COOP } from './data/coop';
import { mobTurn } from './coop/mob';
import { drawCards } from './draw';
import { stepMoves } from './legal-moves';
import type { SkippableStep } from './events';
import { isCoop, type Step } from './state';
import type { Tx } from './tx';

/** Starts `step`, or passes over it when it offers nothing but a skip. */
export function offerStep(tx: Tx, step: Extract<Step, { kind: SkippableStep }>): void {
  const seat = tx.state.turn!.seat;
  const options = stepMoves(tx.state, seat, step).filter((m) => m.type !== 'skip');
  if (options.length) {
    tx.emit({ type: 'stepBegan', step });
  } else {
    tx.emit({ type: 'stepSkipped', seat, step: step.kind, declined: false });
    finishStep(tx);
  }
}

/** The current action is done: go on to whatever comes next. */
export function finishStep(tx: Tx): void {
  if (!tx.live) return;
  const turn = tx.state.turn!;
  if (turn.grants.length) return takeGrant(tx, turn.grants[0]);
  tx.emit({ type: 'actionDone', seat: turn.seat });
  if (tx.state.turn!.actionsLeft > 0) tx.emit({ type: 'stepBegan', step: { kind: 'chooseAction' } });
  else endTurn(tx);
}

function takeGrant(tx: Tx, grant: Grant): void {
  const seat = tx.state.turn!.seat;
  tx.emit({ type: 'grantTaken', seat, grant });
  switch (grant.action) {
    case 'draw':
      drawCards(tx, seat, grant.cards);
      return finishStep(tx);
    case 'pick':
      return offerStep(tx, { kind: 'pick', picksLeft: grant.cards });
    case 'trade':
      return offerStep(tx, { kind: 'trade' });
    case 'openLot':
      return offerStep(tx, { kind: 'openLot' });
    case 'takeOver':
      return offerStep(tx, { kind: 'takeOver', onlyCell: null, ignoreConnection: grant.ignoreConnection, ignoreTokens: grant.ignoreTokens });
  }
}

export function endTurn(tx: Tx): void {
  const seat = tx.state.turn!.seat;
  tx.emit({ type: 'turnEnded', seat });
  if (isCoop(tx.state)) {
    mobTurn(tx);
    if (tx.state.phase === 'finished') return;
  }
  tx.emit({ type: 'turnStarted', seat: (seat + 1) % tx.state.seats, actions: isCoop(tx.state) ? COOP.actionsPerTurn : 1 });
}
