/** Trade: one card from hand for every lineup card of one type; the given card joins the lineup. */
import type { Seat } from '../../../rules/contract';
import { CARD_TYPES } from '../data/deck';
import { distinct, typeOf } from '../cards';
import { refillLineup } from '../draw';
import type { Move, MoveOf } from '../moves';
import type { State } from '../state';
import { finishStep } from '../turn';
import type { Tx } from '../tx';

export function tradeMoves(state: State, seat: Seat): Move[] {
  const types = CARD_TYPES.filter((type) => state.lineup.some((card) => typeOf(card) === type));
  return distinct(state.players[seat].hand).flatMap((give) => types.map((take) => ({ type: 'trade' as const, give, take })));
}

export function applyTrade(tx: Tx, seat: Seat, move: MoveOf<'trade'>): void {
  const took = tx.state.lineup.filter((card) => typeOf(card) === move.take);
  tx.emit({ type: 'traded', seat, gave: move.give, took });
  refillLineup(tx, seat);
  finishStep(tx);
}
