/** Small copy-on-write helpers so evolve shares every unchanged part of the state. */
import type { Seat } from '../../rules/contract';
import type { NeighborhoodId } from './data/tiles';
import type { Neighborhood, Player, State } from './state';

export function replaceAt<T>(items: readonly T[], index: number, value: T): T[] {
  const copy = items.slice();
  copy[index] = value;
  return copy;
}

export function addAt(counts: readonly number[], index: number, delta: number): number[] {
  return replaceAt(counts, index, counts[index] + delta);
}

export function updatePlayer(state: State, seat: Seat, change: (player: Player) => Player): State {
  return { ...state, players: replaceAt(state.players, seat, change(state.players[seat])) };
}

export function updateNeighborhood(state: State, id: NeighborhoodId, change: (neighborhood: Neighborhood) => Neighborhood): State {
  return { ...state, neighborhoods: { ...state.neighborhoods, [id]: change(state.neighborhoods[id]) } };
}

/** Moves rabble between a player's HQ and boroughs (positive: boroughs to HQ). */
export function retrieveToHq(state: State, seat: Seat, count: number): State {
  if (count === 0) return state;
  return updatePlayer(state, seat, (p) => ({ ...p, hq: p.hq + count, boroughRabble: p.boroughRabble - count }));
}
