/**
 * Buildings act for whoever controls their neighborhood, in passing order
 * of those players, with Smugglers Tunnel always last.
 */
import { controller } from './board';
import { BUILDINGS } from './data/buildings';
import { activateEffect } from './effects';
import type { Event } from './events';
import type { BuildingTurn, State } from './state';

export function beginBuildings(state: State): Event[] {
  const queue = state.buildings.flatMap((placed): BuildingTurn[] => {
    const seat = controller(state.neighborhoods[placed.neighborhood]);
    return seat === null ? [] : [{ building: placed.building, seat }];
  });
  const rank = (turn: BuildingTurn) => (BUILDINGS[turn.building].resolvesLast ? state.seats : 0) + state.passOrder.indexOf(turn.seat);
  // Array.sort is stable, so two buildings of one player keep their board order.
  return [{ type: 'buildingsPhaseBegan', queue: queue.sort((a, b) => rank(a) - rank(b)) }];
}

export function activateBuilding(state: State, turn: BuildingTurn): Event[] {
  const activated: Event = { type: 'buildingActivated', building: turn.building, seat: turn.seat };
  return [activated, ...activateEffect(state, turn.seat, BUILDINGS[turn.building].effect, { building: turn.building })];
}
