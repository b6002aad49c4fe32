/** How Five Points things are named in words (neighborhoods as the server's sentences name them). */
import { BUILDINGS, type BuildingId } from '../../../../src/games/five-points/data/buildings';

export { neighborhoodName } from '../../../../src/games/five-points/data/tiles';

export function buildingName(id: string): string {
  return BUILDINGS[id as BuildingId]?.name ?? id;
}

/** What a building does for the player controlling its neighborhood, in a few words. */
export function buildingEffect(id: string): string {
  return BUILDINGS[id as BuildingId]?.effectText ?? '';
}
