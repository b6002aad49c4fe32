/** Who may act, and every move they may make: the one list decide accepts from. */
import type { Seat } from '../../rules/contract';
import { iblisPayments, killMoves, maySkipKill } from './assassins';
import { bidMoves, nextBidder } from './bidding';
import { keepDjinnMoves, turnPowerMoves } from './djinn-powers';
import { saleMoves } from './merchandise';
import type { Move } from './moves';
import { dropMoves, pickUpMoves } from './movement';
import { seatOf, type State } from './state';
import { marketMoves, placementMoves, sacredMoves } from './tile-actions';
import { builderMoves, echidnaPayments } from './tribes';

export function activeSeat(state: State): Seat | null {
  if (state.phase === 'bidding') {
    const marker = nextBidder(state);
    return marker === null ? null : seatOf(state, marker);
  }
  if (state.phase === 'playing' && state.turn) return state.turn.seat;
  return null;
}

const SKIP: Move = { type: 'skip' };

export function legalMoves(state: State, seat: Seat): Move[] {
  if (activeSeat(state) !== seat) return [];
  if (state.phase === 'bidding') return bidMoves(state, seat);
  const step = (state.turn as NonNullable<State['turn']>).step;
  switch (step.name) {
    case 'start':
      return [...pickUpMoves(state), ...turnPowerMoves(state, seat)];
    case 'moving':
      return dropMoves(state, step);
    case 'builders':
      return [...builderMoves(state, seat), ...echidnaPayments(state, seat).map((pay): Move => ({ type: 'useDjinn', djinn: 'echidna', pay }))];
    case 'assassins':
      return [
        ...killMoves(state, seat, step),
        ...iblisPayments(state, seat, step).map((pay): Move => ({ type: 'useDjinn', djinn: 'iblis', pay })),
        ...(maySkipKill(state, seat, step) ? [SKIP] : []),
      ];
    case 'placement':
      return placementMoves(state, seat, step);
    case 'market':
      return [...marketMoves(state, seat, step.market), SKIP];
    case 'sacred':
      return [...sacredMoves(state, seat), SKIP];
    case 'sibittis':
      return keepDjinnMoves(step);
    case 'end':
      return [...saleMoves(state.players[seat]), ...turnPowerMoves(state, seat), { type: 'endTurn' }];
  }
}
