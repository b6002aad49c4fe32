/** Who may act, and every move they may make: complete and finite. */
import type { Seat } from '../../rules/contract';
import { chooseAgendaMoves, swapAgendaMoves } from './actions/agendas';
import { cashInMoves, pickMoves } from './actions/cash-in';
import { drawMoves, freeDrawMoves } from './actions/draw';
import { hireMoves } from './actions/hire';
import { openLotMoves } from './actions/open-lot';
import { payMoves } from './actions/pay';
import { NORMAL_TAKE_OVER, takeOverMoves } from './actions/take-over';
import { tradeMoves } from './actions/trade';
import { clearOutMoves, clearOutStepMoves } from './coop/clear-out';
import { chooseRoleMoves, moveMoves, placePawnMoves } from './coop/pawns';
import { shutDownMoves } from './coop/shut-down';
import { COOP } from './data/coop';
import type { Move } from './moves';
import { isCoop, type State, type Step } from './state';

const SKIP: Move = { type: 'skip' };

export function activeSeats(state: State): Seat[] {
  const seats = state.players.map((_, seat) => seat);
  switch (state.phase) {
    case 'agendas':
      return seats.filter((seat) => chooseAgendaMoves(state, seat).length);
    case 'roles':
      return seats.filter((seat) => !state.players[seat].role).slice(0, 1);
    case 'pawns':
      return seats.filter((seat) => !state.players[seat].pawn).slice(0, 1);
    case 'play':
      // No turn between a turnEnded and the next turnStarted (the mob acts there in co-op).
      return state.turn ? [state.turn.seat] : [];
    default:
      return [];
  }
}

export function legalMoves(state: State, seat: Seat): Move[] {
  if (!activeSeats(state).includes(seat)) return [];
  switch (state.phase) {
    case 'agendas':
      return chooseAgendaMoves(state, seat);
    case 'roles':
      return chooseRoleMoves(state);
    case 'pawns':
      return placePawnMoves(state);
    default:
      return stepMoves(state, seat, state.turn!.step);
  }
}

function competitiveActions(state: State, seat: Seat): Move[] {
  return [
    ...freeDrawMoves(state, seat),
    ...drawMoves(state),
    ...tradeMoves(state, seat),
    ...cashInMoves(state, seat),
    ...takeOverMoves(state, seat, NORMAL_TAKE_OVER),
    ...openLotMoves(state, seat, true),
    ...swapAgendaMoves(state, seat),
    ...hireMoves(state, seat),
  ];
}

/** Co-op: any of the actions, but none a third time in one turn. */
function coopActions(state: State, seat: Seat): Move[] {
  const taken = state.turn!.coopActions ?? [];
  const actions = [
    ...drawMoves(state),
    ...tradeMoves(state, seat),
    ...cashInMoves(state, seat),
    ...moveMoves(state, seat),
    ...clearOutMoves(state, seat),
    ...shutDownMoves(state, seat),
  ];
  const allowed = actions.filter((move) => taken.filter((action) => action === move.type).length < COOP.sameActionPerTurn);
  return [...allowed, { type: 'endTurn' }];
}

/** The moves `step` offers `seat` (also used to pass over optional steps that offer nothing). */
export function stepMoves(state: State, seat: Seat, step: Step): Move[] {
  switch (step.kind) {
    case 'chooseAction':
      return isCoop(state) ? coopActions(state, seat) : competitiveActions(state, seat);
    case 'pick':
      return pickMoves(state);
    case 'trade':
      return [...tradeMoves(state, seat), SKIP];
    case 'openLot':
      return [...openLotMoves(state, seat, false), SKIP];
    case 'takeOver':
      return [...takeOverMoves(state, seat, step), SKIP];
    case 'pay':
      return payMoves(state, seat, step);
    case 'clearOut':
      return clearOutStepMoves(state, seat, step);
  }
}
