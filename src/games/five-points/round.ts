/** Start and end of a round: marker draw, VP after the elections, retrieval per boss, end triggers. */
import type { Random } from '../../rules/random';
import { bossesOnBoard, controlledCount, neighborhoodsInOrder, sum } from './board';
import { MARKERS_IN_PLAY } from './data/markers';
import { MARKERS_PER_ROUND } from './data/pieces';
import { COLORS } from './data/tiles';
import type { Event, EventOf } from './events';
import { evolveAll } from './evolve';
import { finalScores, scoreWinners } from './scoring';
import { award } from './sources';
import type { State } from './state';

/** A new round: four markers drawn from the whole reshuffled set. */
export function startRound(round: number, startingSeat: number, random: Random): EventOf<'roundStarted'> {
  return {
    type: 'roundStarted',
    round,
    startingSeat,
    markers: random.shuffle(MARKERS_IN_PLAY).slice(0, MARKERS_PER_ROUND),
  };
}

/** The game ends after a round in which a control pile ran out or every neighborhood got a boss (ruling 6). */
export function endTriggered(state: State): boolean {
  const pileExhausted = COLORS.some((color) => state.controlSupply[color] === 0);
  const everyNeighborhoodHasBoss = neighborhoodsInOrder(state).every((n) => sum(n.bosses) > 0);
  return pileExhausted || everyNeighborhoodHasBoss;
}

/**
 * "1 VP for each neighborhood you control": unlike the marker that pays 4 VP
 * "immediately", its effect may "change … as the election phase is
 * resolved", so it pays once the round's elections are over, counting
 * control then (ruling).
 */
function afterElectionRewards(state: State): Event[] {
  return state.benefits.flatMap(({ seat, effect, source }) =>
    effect.kind === 'vpPerControlledNeighborhood' ? award(state, seat, controlledCount(state, seat), source) : [],
  );
}

/**
 * End of round: the VP that wait for the elections, then one rabble from
 * the boroughs to the HQ per boss on the board; then either the final
 * scoring or the next round, whose start player is the next seat
 * clockwise (ruling).
 */
export function endRound(state: State, random: Random): Event[] {
  const rewards = afterElectionRewards(state);
  const rewarded = evolveAll(state, rewards);
  const retrieved = rewarded.players.map((p, seat) => Math.min(bossesOnBoard(rewarded, seat), p.boroughRabble));
  const ended: Event = { type: 'roundEnded', retrieved };
  if (endTriggered(rewarded)) {
    const scores = finalScores(rewarded);
    return [...rewards, ended, { type: 'gameEnded', reason: 'endOfGame', scores, winners: scoreWinners(scores) }];
  }
  return [...rewards, ended, startRound(state.round + 1, (state.startingSeat + 1) % state.seats, random)];
}
