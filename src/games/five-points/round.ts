/** Start and end of a round: marker draw, retrieval per boss, end triggers. */
import type { Random } from '../../rules/random';
import { bossesOnBoard, neighborhoodsInOrder, sum } from './board';
import { MARKERS_IN_PLAY } from './data/markers';
import { MARKERS_PER_ROUND } from './data/pieces';
import { COLORS } from './data/tiles';
import type { Event, EventOf } from './events';
import { finalScores, scoreWinners } from './scoring';
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
 * End of round: one rabble from the boroughs to the HQ per boss on the
 * board; then either the final scoring or the next round, whose start
 * player is the next seat clockwise (ruling).
 */
export function endRound(state: State, random: Random): Event[] {
  const retrieved = state.players.map((p, seat) => Math.min(bossesOnBoard(state, seat), p.boroughRabble));
  const ended: Event = { type: 'roundEnded', retrieved };
  if (endTriggered(state)) {
    const scores = finalScores(state);
    return [ended, { type: 'gameEnded', reason: 'endOfGame', scores, winners: scoreWinners(scores) }];
  }
  return [ended, startRound(state.round + 1, (state.startingSeat + 1) % state.seats, random)];
}
