/** Cash in: discard a cash card, then take lineup cards one at a time (2, or 3 with Big Money). */
import type { Seat } from '../../../rules/contract';
import { distinct } from '../cards';
import { refillLineup } from '../draw';
import { modifiersFor } from '../modifiers';
import type { Move, MoveOf } from '../moves';
import type { State, Step } from '../state';
import { finishStep, offerStep } from '../turn';
import type { Tx } from '../tx';

export function cashInMoves(state: State, seat: Seat): Move[] {
  return state.players[seat].hand.includes('cash') && state.lineup.length ? [{ type: 'cashIn' }] : [];
}

export function applyCashIn(tx: Tx, seat: Seat): void {
  tx.emit({ type: 'cashedIn', seat });
  offerStep(tx, { kind: 'pick', picksLeft: modifiersFor(tx.state, seat).cashInPicks });
}

export function pickMoves(state: State): Move[] {
  return distinct(state.lineup).map((card) => ({ type: 'pick', card }));
}

/** After the last pick (or when the lineup is empty) the lineup is refilled. */
export function applyPick(tx: Tx, seat: Seat, move: MoveOf<'pick'>, step: Extract<Step, { kind: 'pick' }>): void {
  tx.emit({ type: 'lineupCardTaken', seat, card: move.card });
  const picksLeft = step.picksLeft - 1;
  if (picksLeft > 0 && tx.state.lineup.length) return void tx.emit({ type: 'stepBegan', step: { kind: 'pick', picksLeft } });
  refillLineup(tx, seat);
  finishStep(tx);
}
