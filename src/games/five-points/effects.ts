/**
 * What happens when a marker or building takes effect for a player:
 * instant rewards are paid, choices become a task, and vote bonuses
 * (elections.ts) and VP counted after the elections (round.ts) simply
 * stay in force until the round ends.
 */
import type { Seat } from '../../rules/contract';
import { bossesOnBoard, controlledCount, neighborhoodsInOrder, totalRabble } from './board';
import type { Effect } from './data/effects';
import { COLORS } from './data/tiles';
import type { Event } from './events';
import { award } from './sources';
import { movableBuildings, relocatableNeighborhoods, specialElectionSites } from './tasks';
import type { EffectSource, State, Task } from './state';

/** Control strictly more neighborhoods of the color than every other player. */
function hasColorMajority(state: State, seat: Seat, effect: Extract<Effect, { kind: 'colorMajorityVp' }>): boolean {
  const mine = controlledCount(state, seat, effect.color);
  return state.players.every((_, other) => other === seat || controlledCount(state, other, effect.color) < mine);
}

/** A task only when there is something to choose; otherwise the effect fizzles. */
function assignIf(possible: boolean, task: Task): Event[] {
  return possible ? [{ type: 'taskAssigned', task }] : [];
}

function retrieveUpTo(state: State, seat: Seat, source: EffectSource, limit: number): Event[] {
  const max = Math.min(limit, state.players[seat].boroughRabble);
  return assignIf(max > 0, { kind: 'retrieveRabble', seat, source, max });
}

export function activateEffect(state: State, seat: Seat, effect: Effect, source: EffectSource): Event[] {
  switch (effect.kind) {
    // Vote bonuses, VP after the elections (round.ts) and end-of-game points act later, from the benefits list.
    case 'votes':
    case 'colorVotes':
    case 'votesHere':
    case 'votesPerBoss':
    case 'vpPerControlledNeighborhood':
    case 'endGameVp':
      return [];
    case 'vp':
      return award(state, seat, effect.vp, source);
    case 'colorMajorityVp':
      return hasColorMajority(state, seat, effect) ? award(state, seat, effect.vp, source) : [];
    case 'moveNeighborhood':
      return assignIf(relocatableNeighborhoods(state).length > 0, {
        kind: 'relocateNeighborhood',
        seat,
        source,
        picked: null,
      });
    case 'moveBuilding':
      return assignIf(movableBuildings(state).length > 0, { kind: 'moveBuilding', seat, source });
    case 'takeControlMarker':
      return assignIf(
        COLORS.some((c) => state.controlSupply[c] > 0),
        { kind: 'takeControlMarker', seat, source },
      );
    case 'specialElection':
      return assignIf(specialElectionSites(state).length > 0, { kind: 'callSpecialElection', seat, source });
    case 'retrieveRabble':
      return retrieveUpTo(state, seat, source, effect.count);
    case 'retrieveRabblePerBoss':
      return retrieveUpTo(state, seat, source, bossesOnBoard(state, seat));
    case 'smuggleRabble':
      return assignIf(
        neighborhoodsInOrder(state).some((n) => totalRabble(n) > 0),
        { kind: 'smuggleRabble', seat, source, picked: null },
      );
  }
}
