/**
 * The election phase: special elections first, then the neighborhood(s)
 * with the most rabble (at most two, picked and ordered by the last
 * passer when tied). Each election counts votes, clears the neighborhood,
 * places the winners' bosses and hands out control markers next door.
 */
import type { Seat } from '../../rules/contract';
import type { Random } from '../../rules/random';
import { bossesOnBoard, leaders, neighborhoodsInOrder, totalRabble } from './board';
import { BOSSES_PER_PLAYER } from './data/pieces';
import { VP_PER_TIED_CONTROL } from './data/scoring';
import { neighborhoodName, type NeighborhoodId } from './data/tiles';
import type { Event } from './events';
import { evolve } from './evolve';
import { adjacentNeighborhoods } from './layout';
import { endRound } from './round';
import { finalScores } from './scoring';
import type { Benefit, State, Task } from './state';

/** Normal elections per phase; a special election does not count against it. */
const MAX_REGULAR_ELECTIONS = 2;

/** Extra votes one benefit gives in an election held in `neighborhood`. */
function bonusVotes(state: State, benefit: Benefit, neighborhood: NeighborhoodId): number {
  const effect = benefit.effect;
  switch (effect.kind) {
    case 'votes':
      return effect.votes;
    case 'colorVotes':
      return state.neighborhoods[neighborhood].color === effect.color ? effect.votes : 0;
    case 'votesPerBoss':
      return bossesOnBoard(state, benefit.seat);
    case 'votesHere': {
      const source = benefit.source;
      if (!('building' in source)) return 0;
      const placed = state.buildings.find((b) => b.building === source.building);
      return placed?.neighborhood === neighborhood ? effect.votes : 0;
    }
    default:
      return 0;
  }
}

/** Votes per seat: rabble there plus every bonus in force, even without rabble there. */
export function votes(state: State, neighborhood: NeighborhoodId): number[] {
  const base = state.neighborhoods[neighborhood].rabble.slice();
  for (const benefit of state.benefits) base[benefit.seat] += bonusVotes(state, benefit, neighborhood);
  return base;
}

export function beginElections(state: State): Event[] {
  return [{ type: 'electionsPhaseBegan', queue: state.specialElections }];
}

/**
 * Control markers for the neighborhoods next to an election: the sole
 * leader takes one of that tile's color while the pile lasts; tied
 * leaders take 1 VP each.
 */
function controlAwards(state: State, neighborhood: NeighborhoodId): Event[] {
  const supply = { ...state.controlSupply };
  return adjacentNeighborhoods(state, neighborhood).flatMap((adjacent): Event[] => {
    const top = leaders(adjacent.rabble);
    if (top.length > 1) {
      const reason = `Tied control of ${neighborhoodName(adjacent.id)}`;
      return top.map((seat) => ({ type: 'vpAwarded', seat, vp: VP_PER_TIED_CONTROL, reason }));
    }
    if (top.length === 0 || supply[adjacent.color] === 0) return [];
    supply[adjacent.color] -= 1;
    const reason = `Control of ${neighborhoodName(adjacent.id)}`;
    return [{ type: 'controlMarkerGained', seat: top[0], color: adjacent.color, reason }];
  });
}

function fiveBossWinners(state: State): Seat[] {
  return state.players.flatMap((_, seat) => (bossesOnBoard(state, seat) === BOSSES_PER_PLAYER ? [seat] : []));
}

/** Holds one election; a fifth boss ends the game on the spot. */
export function holdElection(state: State, neighborhood: NeighborhoodId): Event[] {
  const site = state.neighborhoods[neighborhood];
  if (totalRabble(site) === 0) return [{ type: 'electionSkipped', neighborhood }];
  const tally = votes(state, neighborhood);
  const winners = leaders(tally);
  // Ruling 5: a winner with no boss left (even after the returns) places none.
  const bossesPlaced = winners.filter((seat) => state.players[seat].boroughBosses + site.bosses[seat] > 0);
  const held: Event = { type: 'electionHeld', neighborhood, votes: tally, winners, bossesPlaced };
  const after = evolve(state, held);
  const fiveBosses = fiveBossWinners(after);
  if (fiveBosses.length > 0) {
    return [held, { type: 'gameEnded', reason: 'fiveBosses', scores: finalScores(after), winners: fiveBosses }];
  }
  return [held, ...controlAwards(after, neighborhood)];
}

/** The neighborhoods tied for the most rabble (none when the board is empty). */
export function electionCandidates(state: State): NeighborhoodId[] {
  const totals = neighborhoodsInOrder(state).map(totalRabble);
  const most = Math.max(...totals);
  return most === 0 ? [] : state.tiles.filter((_, i) => totals[i] === most);
}

/** The player who passed last decides ties (ruling 4). */
function scheduleRegularElections(state: State): Event[] {
  const candidates = electionCandidates(state);
  if (candidates.length <= 1) return [{ type: 'electionsScheduled', neighborhoods: candidates }];
  const seat = state.passOrder[state.passOrder.length - 1];
  const task: Task = { kind: 'scheduleElections', seat, source: { election: true }, candidates, chosen: [] };
  return [{ type: 'taskAssigned', task }];
}

/** The last passer picks the next election; the choice ends when two are set or none is left to choose. */
export function scheduleChoiceEvents(task: Extract<Task, { kind: 'scheduleElections' }>, pick: NeighborhoodId): Event[] {
  const chosen = [...task.chosen, pick];
  const left = task.candidates.filter((id) => !chosen.includes(id));
  const slotsLeft = chosen.length < MAX_REGULAR_ELECTIONS;
  if (slotsLeft && left.length > 1) return [{ type: 'electionCandidatePicked', neighborhood: pick }];
  // With one slot and one candidate left, that candidate goes last without asking.
  const order = slotsLeft ? [...chosen, ...left] : chosen;
  return [{ type: 'electionsScheduled', neighborhoods: order }, { type: 'taskFinished' }];
}

/** The next automatic step of the election phase, ending the round when all are done. */
export function nextElectionStep(state: State, random: Random): Event[] {
  if (state.stage.phase !== 'elections') return [];
  const { queue, regularScheduled } = state.stage;
  if (queue.length > 0) return holdElection(state, queue[0]);
  if (!regularScheduled) return scheduleRegularElections(state);
  return endRound(state, random);
}
