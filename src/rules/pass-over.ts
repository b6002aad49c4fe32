/**
 * Passing over a seat whose player ran out of time (`Ruleset.skipTurn`), the
 * same way for every game: the seat's own listed moves, each the least the
 * rules allow at its decision, run through the game's `decide` (so the
 * events are exactly those of the same moves made by the player, random
 * draws included) until another seat is to act, the game is over, or the
 * seat's next turn begins. Which move is "the least" is each game's rule;
 * the loop is shared.
 *
 * One turn only: a player who ran out of time loses the turn they were late
 * for, not the next one too. Where the turn's end brings the same seat a new
 * turn (a new round it starts, a second turn marker right after the first),
 * the skip stops there, and the server gives that turn a deadline of its own
 * (`seatsNowToAct`).
 *
 * All or nothing within the turn: null as soon as a decision has no such
 * move, because a seat left mid-turn would keep its spent deadline and half a
 * skip gains nothing.
 */
import type { Decision, RulesEvent, Seat } from './contract';
import type { Random } from './random';

export interface PassingRules<S, M, E extends RulesEvent> {
  decide(state: S, move: M, seat: Seat, random: Random): Decision<E>;
  evolve(state: S, event: E): S;
  /** `seat` still has to act in `state`. */
  toAct(state: S, seat: Seat): boolean;
  /** The least the rules allow `seat` now, one of its listed moves; null where only a real choice would do. */
  leastMove(state: S, seat: Seat): M | null;
  /**
   * After `event`, what `seat` must do is a new turn, not part of the one
   * passed over: the event starts a new round or the seat's next turn, or
   * closes a turn that is one action (a bid). Left out by a game in which a
   * seat never has two turns in a row.
   */
  beginsTurn?(event: E, seat: Seat): boolean;
}

/** A turn has a handful of steps: a longer chain is a logic error, not a reason to hang. */
const MAX_STEPS = 100;

export function passOver<S, M, E extends RulesEvent>(rules: PassingRules<S, M, E>, state: S, seat: Seat, random: Random): E[] | null {
  if (!rules.toAct(state, seat)) return null;
  const events: E[] = [];
  let current = state;
  for (let step = 0; rules.toAct(current, seat); step++) {
    if (step === MAX_STEPS) throw new Error(`passing over seat ${seat} did not end its turn within ${MAX_STEPS} steps`);
    const move = rules.leastMove(current, seat);
    if (move === null) return null;
    const decision = rules.decide(current, move, seat, random);
    if (!decision.ok) throw new Error(`passing over seat ${seat}: its own listed move was refused: ${decision.message}`);
    events.push(...decision.events);
    current = decision.events.reduce(rules.evolve, current);
    if (decision.events.some((event) => rules.beginsTurn?.(event, seat))) break;
  }
  return events;
}
