/**
 * Choices granted by markers, buildings and tied elections: the moves
 * each offers, and the events each chosen move records.
 */
import { buildingAt, neighborhoodsInOrder, totalRabble } from './board';
import type { BuildingId } from './data/buildings';
import { COLORS, type Color, type NeighborhoodId } from './data/tiles';
import { scheduleChoiceEvents } from './elections';
import type { DeclinableTask, Event } from './events';
import { relocationTargets } from './layout';
import type { Move } from './moves';
import { sourceName } from './sources';
import type { State, Task } from './state';

/** Neighborhoods that have at least one legal new place. */
export function relocatableNeighborhoods(state: State): NeighborhoodId[] {
  return state.tiles.filter((id) => relocationTargets(state, id).length > 0);
}

/** Every (building, new neighborhood) pair; one building per neighborhood (ruling). */
export function movableBuildings(state: State): { building: BuildingId; neighborhood: NeighborhoodId }[] {
  return state.buildings.flatMap((placed) =>
    state.tiles.filter((id) => !buildingAt(state, id)).map((neighborhood) => ({ building: placed.building, neighborhood })),
  );
}

/** Ruling 4: only a neighborhood with rabble can hold an election; each is called once. */
export function specialElectionSites(state: State): NeighborhoodId[] {
  return neighborhoodsInOrder(state)
    .filter((n) => totalRabble(n) > 0 && !state.specialElections.includes(n.id))
    .map((n) => n.id);
}

const decline: Move = { type: 'decline' };
const pickNeighborhood = (neighborhood: NeighborhoodId): Move => ({ type: 'pickNeighborhood', neighborhood });
const takeControlMarker = (color: Color): Move => ({ type: 'takeControlMarker', color });

export function taskMoves(state: State, task: Task): Move[] {
  switch (task.kind) {
    case 'relocateNeighborhood':
      return task.picked === null
        ? [decline, ...relocatableNeighborhoods(state).map(pickNeighborhood)]
        : relocationTargets(state, task.picked).map(({ x, y }): Move => ({ type: 'placeNeighborhood', x, y }));
    case 'moveBuilding':
      return [decline, ...movableBuildings(state).map((option): Move => ({ type: 'moveBuilding', ...option }))];
    case 'takeControlMarker':
      return COLORS.filter((color) => state.controlSupply[color] > 0).map(takeControlMarker);
    case 'callSpecialElection':
      return specialElectionSites(state).map((neighborhood): Move => ({ type: 'callSpecialElection', neighborhood }));
    case 'retrieveRabble':
      return [decline, ...Array.from({ length: task.max }, (_, i): Move => ({ type: 'retrieveRabble', count: i + 1 }))];
    case 'smuggleRabble':
      return task.picked === null ? [decline, ...smuggleSources(state)] : smuggleDestinations(state, task.picked.neighborhood);
    case 'scheduleElections':
      return task.candidates.filter((id) => !task.chosen.includes(id)).map((neighborhood): Move => ({ type: 'chooseElection', neighborhood }));
  }
}

function smuggleSources(state: State): Move[] {
  return neighborhoodsInOrder(state).flatMap((n) =>
    n.rabble.flatMap((count, owner): Move[] => (count > 0 ? [{ type: 'pickRabble', neighborhood: n.id, owner }] : [])),
  );
}

function smuggleDestinations(state: State, from: NeighborhoodId): Move[] {
  return state.tiles.filter((id) => id !== from).map((neighborhood): Move => ({ type: 'smuggleTo', neighborhood }));
}

const finished: Event = { type: 'taskFinished' };

/** Events for a move already checked against taskMoves. */
export function taskEvents(state: State, task: Task, move: Move): Event[] {
  const seat = task.seat;
  switch (move.type) {
    case 'decline':
      // Listed only for the choices that may be declined (taskMoves).
      return [{ type: 'taskDeclined', seat, task: task.kind as DeclinableTask }, finished];
    case 'pickNeighborhood':
      return [{ type: 'neighborhoodPicked', neighborhood: move.neighborhood }];
    case 'placeNeighborhood':
      if (task.kind !== 'relocateNeighborhood' || task.picked === null) break;
      return [{ type: 'neighborhoodMoved', seat, neighborhood: task.picked, x: move.x, y: move.y }, finished];
    case 'moveBuilding':
      return [{ type: 'buildingMoved', seat, building: move.building, neighborhood: move.neighborhood }, finished];
    case 'takeControlMarker':
      return [{ type: 'controlMarkerGained', seat, color: move.color, reason: sourceName(state, task.source) }, finished];
    case 'callSpecialElection':
      return [{ type: 'specialElectionCalled', seat, neighborhood: move.neighborhood }, finished];
    case 'retrieveRabble':
      return [{ type: 'rabbleRetrieved', seat, count: move.count }, finished];
    case 'pickRabble':
      return [{ type: 'smuggledRabblePicked', neighborhood: move.neighborhood, owner: move.owner }];
    case 'smuggleTo': {
      if (task.kind !== 'smuggleRabble' || task.picked === null) break;
      const { owner, neighborhood: from } = task.picked;
      return [{ type: 'rabbleSmuggled', seat, owner, from, to: move.neighborhood }, finished];
    }
    case 'chooseElection':
      if (task.kind !== 'scheduleElections') break;
      return scheduleChoiceEvents(task, move.neighborhood);
  }
  throw new Error(`move ${move.type} does not answer a ${task.kind} choice`);
}
