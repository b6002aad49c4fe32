/**
 * Skipping a seat whose player ran out of time (correspondence play).
 *
 * A skip is never a move of its own: it is the rulebook's way of doing
 * nothing where the seat has one (pass in the placement phase, no bid
 * after placing, decline an optional effect), played through `decide`
 * so its events are exactly the ones that move records, automatic steps
 * and random draws included. Where the rules demand a real choice (take a
 * control marker, call the special election, order tied elections) there
 * is nothing to fall back on, and the skip is null: the host decides.
 */
import type { Seat } from '../../rules/contract';
import { passOver } from '../../rules/pass-over';
import type { Random } from '../../rules/random';
import { decide } from './decide';
import type { Event } from './events';
import { evolve } from './evolve';
import type { Move } from './moves';
import type { State } from './state';
import { activeSeats, legalMoves } from './turn';

/** The moves by which the rules let a player do nothing (or the least) now. */
const DO_NOTHING_MOVES: readonly Move['type'][] = ['pass', 'skipBid', 'decline'];

/**
 * The state before the seat's own reversible first half of an optional
 * two-step choice (the tile picked to move, the rabble picked to smuggle).
 * The pick changed nothing but the pending task, and the player could take
 * it back and decline; a skip does the same, so the whole optional choice
 * is declined rather than finished on the player's behalf.
 */
function withPickWithdrawn(state: State): State {
  const task = state.task;
  if ((task?.kind === 'relocateNeighborhood' || task?.kind === 'smuggleRabble') && task.picked !== null) {
    return { ...state, task: { ...task, picked: null } };
  }
  return state;
}

/** The listed move that does nothing, if the rules offer one now. */
function doNothingMove(state: State, seat: Seat): Move | null {
  return legalMoves(state, seat).find((move) => DO_NOTHING_MOVES.includes(move.type)) ?? null;
}

/** A new round, or the seat's next placement turn: the skip passes the turn that was late, not these. */
function beginsTurn(event: Event, seat: Seat): boolean {
  return event.type === 'roundStarted' || (event.type === 'turnStarted' && event.seat === seat);
}

const passingRules = { decide, evolve, toAct: (state: State, seat: Seat) => activeSeats(state).includes(seat), leastMove: doNothingMove, beginsTurn };

/**
 * The events that pass over `seat`, or null when it is not that seat's
 * decision (not active, game over) or a decision on the way has no
 * do-nothing option. `decide` draws what the automatic steps after a move
 * need (e.g. the next round's markers) from `random`.
 */
export function skipTurn(state: State, seat: Seat, random: Random): Event[] | null {
  return passOver(passingRules, withPickWithdrawn(state), seat, random);
}
