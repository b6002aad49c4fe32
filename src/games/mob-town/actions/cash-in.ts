/** Cash in: discard a cash card, then take lineup cards one at a time (2, or 3 with Big Money). */
import type { Seat } from '../../../rules/contract';
import { distinct } from '../cards';
import { refillLineup } from '../draw';
import { modifiersFor } from '../modifiers';
import type { Move, MoveOf } from '../moves';
import type { State, Step } from '../state';
import type { Next } from '../next';
import type { Context } from '../context';

export function cashInMoves(state: State, seat: Seat): Move[] {
  return state.players[seat].hand.includes('cash') && state.lineup.length ? [{ type: 'cashIn' }] : [];
}

export function applyCashIn(ctx: Context, seat: Seat): Next {
  ctx.log.push({ type: 'cashedIn', seat });
  return { offer: { kind: 'pick', picksLeft: modifiersFor(ctx.log.state, seat).cashInPicks } };
}

export function pickMoves(state: State): Move[] {
  return distinct(state.lineup).map((card) => ({ type: 'pick', card }));
}

/** After the last pick (or when the lineup is empty) the lineup is refilled. */
export function applyPick(ctx: Context, seat: Seat, move: MoveOf<'pick'>, step: Extract<Step, { kind: 'pick' }>): Next {
  ctx.log.push({ type: 'lineupCardTaken', seat, card: move.card });
  const picksLeft = step.picksLeft - 1;
  if (picksLeft > 0 && ctx.log.state.lineup.length) {
    ctx.log.push({ type: 'stepBegan', step: { kind: 'pick', picksLeft } });
    return 'awaitMove';
  }
  refillLineup(ctx, seat);
  return 'actionDone';
}
