/** Who must act now, what they may do, and how to say it in words. */
import type { Seat } from '../../rules/contract';
import { listOf } from '../../rules/text';
import { neighborhoodName } from './data/tiles';
import type { Move } from './moves';
import { placementMoves, placementOver } from './placement';
import { buildingSetupMoves } from './setup';
import { taskMoves } from './tasks';
import type { State } from './state';

export function activeSeats(state: State): Seat[] {
  const stage = state.stage;
  if (state.task) return [state.task.seat];
  if (stage.phase === 'buildingSetup' && stage.faceDown.length > 0) return [stage.seat];
  if (stage.phase === 'placement' && !placementOver(state)) return [stage.seat];
  return [];
}

export function legalMoves(state: State, seat: Seat): Move[] {
  if (!activeSeats(state).includes(seat)) return [];
  if (state.task) return taskMoves(state, state.task);
  if (state.stage.phase === 'buildingSetup') return buildingSetupMoves(state);
  return state.stage.phase === 'placement' ? placementMoves(state, state.stage) : [];
}

/** The decision the active player faces, in words (no hidden information). */
export function describeDecision(state: State): string {
  const task = state.task;
  if (task) {
    switch (task.kind) {
      case 'relocateNeighborhood':
        return task.picked === null
          ? 'pick a neighborhood to move, or decline'
          : `choose an empty cell next to the city for ${neighborhoodName(task.picked)}, keeping every tile connected`;
      case 'moveBuilding':
        return 'move a building to a neighborhood without one, or decline';
      case 'takeControlMarker':
        return 'take a control marker of a color still in the supply';
      case 'callSpecialElection':
        return 'choose a neighborhood with rabble for the special election';
      case 'retrieveRabble':
        return `retrieve 1 to ${task.max} rabble from your boroughs to your HQ, or decline`;
      case 'smuggleRabble':
        return task.picked === null ? 'pick a rabble on the board to smuggle, or decline' : 'choose a different neighborhood for the smuggled rabble';
      case 'scheduleElections':
        return `choose the next election among ${listOf(task.candidates.filter((c) => !task.chosen.includes(c)).map(neighborhoodName))}`;
    }
  }
  const stage = state.stage;
  if (stage.phase === 'buildingSetup' && stage.faceDown.length > 0) {
    return stage.faceDown.length > 1
      ? `place the ${stage.faceDown.length} face-down buildings, one at a time, each on a different neighborhood`
      : 'place the last face-down building on a neighborhood without one';
  }
  if (stage.phase !== 'placement') return 'nothing';
  if (stage.placed) return 'bid from your HQ on one marker (more than any other bid there), or skip the bid';
  return state.players[stage.seat].hq > 0 ? 'place one rabble from your HQ on a neighborhood, or pass' : 'pass (your HQ is empty)';
}
