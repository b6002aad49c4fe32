/** Where an effect comes from, named for event reasons and the log. */
import { BUILDINGS } from './data/buildings';
import { markerDef } from './data/markers';
import type { EffectSource, State } from './state';

export function sourceName(state: State, source: EffectSource): string {
  if ('marker' in source) return markerDef(state.markerRow[source.marker].marker).name;
  if ('building' in source) return BUILDINGS[source.building].name;
  return 'Election';
}
