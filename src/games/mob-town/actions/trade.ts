/** Trade: one card from hand for every lineup card of one type; the given card joins the lineup. */
import type { Seat } from '../../../rules/contract';
import { CARD_TYPES } from '../data/deck';
import { distinct, typeOf } from '../cards';
import { refillLineup } from '../draw';
import type { Move, MoveOf } from '../moves';
import type { State } from '../state';
import type { Next } from '../next';
import type { Context } from '../context';

export function tradeMoves(state: State, seat: Seat): Move[] {
  const types = CARD_TYPES.filter((type) => state.lineup.some((card) => typeOf(card) === type));
  return distinct(state.players[seat].hand).flatMap((give) => types.map((take) => ({ type: 'trade' as const, give, take })));
}

export function applyTrade(ctx: Context, seat: Seat, move: MoveOf<'trade'>): Next {
  const took = ctx.log.state.lineup.filter((card) => typeOf(card) === move.take);
  ctx.log.push({ type: 'traded', seat, gave: move.give, took });
  refillLineup(ctx, seat);
  return 'actionDone';
}
