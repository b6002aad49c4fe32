/**
 * Changes what a seat cannot see, for the specs that check a bot decides
 * from its sight alone: which buildings lie (or wait to lie) face down.
 */
import type { Seat } from '../../../rules/contract';
import type { Random } from '../../../rules/random';
import { BUILDING_IDS, type BuildingId } from '../data/buildings';
import type { State } from '../state';

/** The state with other face-down buildings drawn in place of the hidden ones (every seat sees the same: `_seat` is unused). */
export function reshuffleHidden(state: State, _seat: Seat, random: Random): State {
  const faceUp = state.buildings.filter((b) => b.faceUp).map((b) => b.building);
  const pool = random.shuffle(BUILDING_IDS.filter((id) => !faceUp.includes(id)));
  const next = (): BuildingId => pool.pop()!;
  const buildings = state.buildings.map((b) => (b.faceUp ? b : { ...b, building: next() }));
  const stage = state.stage.phase === 'buildingSetup' ? { ...state.stage, faceDown: state.stage.faceDown.map(next) } : state.stage;
  return { ...state, buildings, stage };
}
