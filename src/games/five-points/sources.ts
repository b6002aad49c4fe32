/** Where an effect comes from, named for event reasons and the log, and the VP paid in its name. */
import type { Seat } from '../../rules/contract';
import { BUILDINGS } from './data/buildings';
import { markerDef } from './data/markers';
import type { Event } from './events';
import type { EffectSource, State } from './state';

export function sourceName(state: State, source: EffectSource): string {
  if ('marker' in source) return markerDef(state.markerRow[source.marker].marker).name;
  if ('building' in source) return BUILDINGS[source.building].name;
  return 'Election';
}

/** VP an effect pays, with its source as the reason; nothing when it pays none. */
export function award(state: State, seat: Seat, vp: number, source: EffectSource): Event[] {
  return vp > 0 ? [{ type: 'vpAwarded', seat, vp, reason: sourceName(state, source) }] : [];
}
