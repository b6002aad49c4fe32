/**
 * Passing over a seat whose player ran out of time (the contract's optional
 * `skipTurn`). A skip makes, for the player, the least the rules allow at
 * each decision: it declines what is optional (the Fakir bonus of the
 * Builders, a kill only Fakirs could reach, Lamia/Hagis, a market, a Sacred
 * Place, the sale and Djinns of the end step) and bids zero while the aisle
 * of zeros has room. It never invents a move: each one is taken from
 * `legalMoves` and run through `decide`, so the events are exactly those of
 * the same moves made by the player.
 *
 * A skip is all or nothing: it goes on until another seat is to act (or the
 * game is over), or returns null when it reaches a decision with no such
 * option (picking up meeples, the drops of a move, a compulsory kill, the
 * Djinn kept with Sibittis, a bid that must cost gold).
 */
import type { Seat } from '../../rules/contract';
import { findListedMove } from '../../rules/moves';
import { passOver } from '../../rules/pass-over';
import type { Random } from '../../rules/random';
import { ZERO_AISLE_SPOT } from './data/track';
import { decide } from './decide';
import type { Event } from './events';
import { evolve } from './evolve';
import { toCoord } from './grid';
import { activeSeat, legalMoves } from './legal-moves';
import type { Move } from './moves';
import type { State } from './state';

const ZERO_BID: Move = { type: 'bid', spot: ZERO_AISLE_SPOT, fakirs: 0 };
const DECLINE: Move = { type: 'skip' };
const NO_BONUS_FAKIRS: Move = { type: 'builders', fakirs: 0 };
const END_TURN: Move = { type: 'endTurn' };

/**
 * The least the player can do at the current decision, before checking that
 * it is listed now; null where every option is a real choice.
 */
function leastMoveAt(state: State): Move | null {
  // Every marker must be placed (rule 1) and zero is the lowest bid: it spends nothing.
  if (state.phase === 'bidding') return ZERO_BID;
  const step = state.turn?.step;
  switch (step?.name) {
    // The Builders' gold is compulsory (2.4); only the Fakir bonus and Echidna are optional.
    case 'builders':
      return NO_BONUS_FAKIRS;
    // Listed only when no victim is in reach without Fakirs (ruling 8); otherwise the kill is compulsory.
    case 'assassins':
    // Markets and Sacred Places are "NOT compulsory" (2.5).
    case 'market':
    case 'sacred':
      return DECLINE;
    // The palm tree or palace stays on its own tile: Lamia and Hagis only "may" move it.
    case 'placement':
      return { type: 'place', tile: toCoord(step.origin) };
    // The sale (2.6) and Djinn powers are optional; the turn ends.
    case 'end':
      return END_TURN;
    // 'start' (a tile must be picked up, 2.2), 'moving' (each drop is part of that move) and
    // 'sibittis' (the drawn Djinn to keep is the player's choice) have nothing to decline.
    default:
      return null;
  }
}

/** The least move, as listed for `seat` now; null when it is not allowed here. */
function leastListedMove(state: State, seat: Seat): Move | null {
  const least = leastMoveAt(state);
  return (least && findListedMove(legalMoves(state, seat), least)) ?? null;
}

/**
 * A new round (its bidding), the seat's next turn marker, or its bid, which is
 * a turn of one action: the skip passes the turn that was late, not what the
 * seat does after it (its second marker's bid or turn, the first turn of a
 * bid that made it play first).
 */
function beginsTurn(event: Event, seat: Seat): boolean {
  return event.type === 'roundStarted' || ((event.type === 'turnStarted' || event.type === 'bid') && event.seat === seat);
}

const passingRules = { decide, evolve, toAct: (state: State, seat: Seat) => activeSeat(state) === seat, leastMove: leastListedMove, beginsTurn };

export function skipTurn(state: State, seat: Seat, random: Random): Event[] | null {
  return passOver(passingRules, state, seat, random);
}
