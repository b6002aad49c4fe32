/** Manipulation markers resolve left to right, each for its highest bidder. */
import type { Event } from './events';
import { markerDef } from './data/markers';
import { activateEffect } from './effects';
import type { State } from './state';

/** A marker nobody bid on is simply discarded (ruling 1). */
export function resolveMarker(state: State, slot: number): Event[] {
  const { marker, winner } = state.markerRow[slot];
  const resolved: Event = { type: 'markerResolved', marker: slot, seat: winner, markerId: marker };
  if (winner === null) return [resolved];
  return [resolved, ...activateEffect(state, winner, markerDef(marker).effect, { marker: slot })];
}
