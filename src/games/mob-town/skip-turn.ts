/**
 * Passing over a seat whose player ran out of time (correspondence play; see
 * `skipTurn` in the rules contract and README "Skipping a turn").
 *
 * A skip only ever plays a move the seat itself could send, found among its
 * listed legal moves and run through `decide`, so its events are exactly
 * those of that move. It plays, step after step, either a way of doing
 * nothing the rules allow (declining an optional step, stopping a Clear Out,
 * ending a co-op turn) or a move that is no decision at all (the only listed
 * move, taking only from the seat's own hand or the common lineup), until the
 * seat's turn is over. Where the turn needs a real choice first, it is null:
 * the host decides instead.
 */
import type { Seat } from '../../rules/contract';
import { passOver } from '../../rules/pass-over';
import type { Random } from '../../rules/random';
import { decide } from './decide';
import { evolve } from './evolve';
import type { MobTownEvent } from './events';
import { legalMoves } from './legal-moves';
import type { Move } from './moves';
import type { State } from './state';

/** Moves that give something up without choosing anything: rules-legal ways of doing nothing. */
const PASSES = new Set<Move['type']>(['skip', 'stop', 'endTurn']);

// Not its turn, the game is over, or a start-of-round choice (agendas, co-op roles and pawns): null.
export function skipTurn(state: State, seat: Seat, random: Random): MobTownEvent[] | null {
  return passOver({ decide, evolve, toAct: isTurnOf, leastMove: passingMove }, state, seat, random);
}

/** The seat is in the middle of its own turn (only then can anything pass it over). */
function isTurnOf(state: State, seat: Seat): boolean {
  return state.phase === 'play' && state.turn?.seat === seat;
}

/** The move that passes over the seat's current step, or null when only a real choice would do. */
function passingMove(state: State, seat: Seat): Move | null {
  const listed = legalMoves(state, seat);
  const pass = listed.find((move) => PASSES.has(move.type));
  if (pass) return pass;
  return listed.length === 1 && isForcedWithoutRivals(state, listed[0]) ? listed[0] : null;
}

/**
 * The only listed move, and one that touches no other seat: taking the one
 * card face left in the lineup (a Cash in or the Smuggler, whose cost is
 * already spent), or paying the one card face that can pay for a co-op Shut
 * Down or Clear Out. A competitive take-over is never finished by a skip,
 * even with one card left to pay: it would take a property from a rival or
 * pay cards to one, a decision the player had not yet committed to.
 */
function isForcedWithoutRivals(state: State, move: Move): boolean {
  if (move.type === 'pick') return true;
  const step = state.turn!.step;
  return move.type === 'pay' && !(step.kind === 'pay' && step.purpose === 'takeOver');
}
