/** How Five Points things are named in words (neighborhoods as the server's sentences name them). */
import { BUILDINGS, type BuildingId } from '@shared/five-points';

export { neighborhoodName } from '@shared/five-points';

export function buildingName(id: BuildingId): string {
  return BUILDINGS[id].name;
}

/** What a building does for the player controlling its neighborhood, in a few words. */
export function buildingEffect(id: BuildingId): string {
  return BUILDINGS[id].effectText;
}
