/**
 * A bot's choice of move. It is given what its seat sees and may do (the
 * seat's `view` and `legalMoves`) and nothing else: the state is not passed
 * in, so no bot can look at another seat's cards or at the draw pile.
 */
import type { AnyRuleset, Seat } from './contract';
import type { Random } from './random';

/** How a bot plays: `RANDOM` picks a listed move uniformly; `GREEDY` the one its ruleset's `botScore` rates best, ties drawn. */
export type BotLevel = 'RANDOM' | 'GREEDY';

export const BOT_LEVELS: readonly BotLevel[] = ['RANDOM', 'GREEDY'];

/** Everything a bot knows when it moves. */
export interface SeatSight<V = unknown, M = unknown> {
  seat: Seat;
  view: V;
  legalMoves: M[];
}

/** What `seat` sees and may do in `state`: all a bot is handed. */
export function seatSight(ruleset: AnyRuleset, state: unknown, seat: Seat): SeatSight {
  return { seat, view: ruleset.view(state, seat), legalMoves: ruleset.legalMoves(state, seat) as unknown[] };
}

/** Whether `ruleset` can seat a bot of `level` (GREEDY needs its `botScore`). */
export function canPlayAt(ruleset: AnyRuleset, level: BotLevel): boolean {
  return level === 'RANDOM' || typeof ruleset.botScore === 'function';
}

/** The move a bot of `level` makes from `sight`; `random` breaks ties and makes RANDOM's choice. */
export function chooseBotMove<M>(ruleset: AnyRuleset, level: BotLevel, sight: SeatSight<unknown, M>, random: Random): M {
  const moves = sight.legalMoves;
  if (moves.length === 0) throw new Error(`seat ${sight.seat} has no listed move to choose from`);
  if (level === 'RANDOM') return random.pick(moves);
  const botScore = ruleset.botScore;
  if (!botScore) throw new Error(`${ruleset.id} has no GREEDY bots`);
  return random.pick(bestScored(moves, (move) => botScore(sight.view, move, sight.seat)));
}

function bestScored<M>(moves: M[], score: (move: M) => number): M[] {
  let best = -Infinity;
  let chosen: M[] = [];
  for (const move of moves) {
    const value = score(move);
    if (value > best) [best, chosen] = [value, [move]];
    else if (value === best) chosen.push(move);
  }
  return chosen;
}
