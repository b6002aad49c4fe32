/** Choosing two agendas at the start of a round, and the Swap Agenda action. */
import type { Seat } from '../../../rules/contract';
import { AGENDAS, AGENDAS_IN_HAND } from '../data/agendas';
import type { Move, MoveOf } from '../moves';
import type { State } from '../state';
import type { Next } from '../next';
import type { Context } from '../context';

/** Agendas still in the player's agenda stack. */
function stack(state: State, seat: Seat): string[] {
  const inHand = state.players[seat].agendas;
  return AGENDAS.map((a) => a.id).filter((id) => !inHand.includes(id));
}

export function chooseAgendaMoves(state: State, seat: Seat): Move[] {
  if (state.players[seat].agendas.length >= AGENDAS_IN_HAND) return [];
  return stack(state, seat).map((agenda) => ({ type: 'chooseAgenda', agenda }));
}

/** Once every seat holds two agendas, the round's first turn begins. */
export function applyChooseAgenda(ctx: Context, seat: Seat, move: MoveOf<'chooseAgenda'>): Next {
  ctx.log.push({ type: 'agendaChosen', seat, agenda: move.agenda });
  if (ctx.log.state.players.every((p) => p.agendas.length === AGENDAS_IN_HAND)) {
    ctx.log.push({ type: 'turnStarted', seat: ctx.log.state.firstSeat, actions: 1 });
  }
  return 'awaitMove';
}

export function swapAgendaMoves(state: State, seat: Seat): Move[] {
  const available = stack(state, seat);
  return state.players[seat].agendas.flatMap((give) => available.map((take) => ({ type: 'swapAgenda' as const, give, take })));
}

export function applySwapAgenda(ctx: Context, seat: Seat, move: MoveOf<'swapAgenda'>): Next {
  ctx.log.push({ type: 'agendaSwapped', seat, returned: move.give, chosen: move.take });
  return 'actionDone';
}
