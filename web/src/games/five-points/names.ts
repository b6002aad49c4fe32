/** How Five Points things are named in words. */
import { BUILDINGS, type BuildingId } from '../../../../src/games/five-points/data/buildings';

/** `red-3` → "Red 3". */
export function neighborhoodName(id: string): string {
  const [color, number] = id.split('-');
  return `${color.charAt(0).toUpperCase()}${color.slice(1)} ${number}`;
}

export function buildingName(id: string): string {
  return BUILDINGS[id as BuildingId]?.name ?? id;
}
