/** Read-only questions about pieces on the board: totals, control, bosses. */
import type { Seat } from '../../rules/contract';
import type { Color, NeighborhoodId } from './data/tiles';
import type { Neighborhood, State } from './state';

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export function neighborhoodsInOrder(state: State): Neighborhood[] {
  return state.tiles.map((id) => state.neighborhoods[id]);
}

export function totalRabble(neighborhood: Neighborhood): number {
  return sum(neighborhood.rabble);
}

/** Seats holding the highest positive count, e.g. the tied leaders of a neighborhood. */
export function leaders(counts: readonly number[]): Seat[] {
  const best = Math.max(...counts);
  if (best <= 0) return [];
  return counts.flatMap((count, seat) => (count === best ? [seat] : []));
}

/** Ruling 3: control is strictly more rabble than any other player; bosses do not count. */
export function controller(neighborhood: Neighborhood): Seat | null {
  const top = leaders(neighborhood.rabble);
  return top.length === 1 ? top[0] : null;
}

export function controlledCount(state: State, seat: Seat, color?: Color): number {
  return neighborhoodsInOrder(state).filter((n) => (color === undefined || n.color === color) && controller(n) === seat).length;
}

export function bossesOnBoard(state: State, seat: Seat): number {
  return sum(neighborhoodsInOrder(state).map((n) => n.bosses[seat]));
}

export function buildingAt(state: State, neighborhood: NeighborhoodId) {
  return state.buildings.find((b) => b.neighborhood === neighborhood);
}

/** Seats in clockwise order starting after `seat`. */
export function seatsAfter(state: State, seat: Seat): Seat[] {
  return Array.from({ length: state.seats - 1 }, (_, i) => (seat + 1 + i) % state.seats);
}
