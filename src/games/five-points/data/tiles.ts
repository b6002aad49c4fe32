/**
 * Neighborhood tiles: four colors, five tiles of each (20 in all). A game
 * uses one tile of each color plus a number of extra random tiles that
 * depends on the player count.
 */
import { capitalized } from '../../../rules/text';

export const COLORS = ['blue', 'green', 'red', 'orange'] as const;
export type Color = (typeof COLORS)[number];

export const TILES_PER_COLOR = 5;

/** Tiles drawn at random on top of the one-of-each-color four, by player count. */
export const EXTRA_TILES_BY_PLAYER_COUNT: Readonly<Record<number, number>> = { 3: 7, 4: 10, 5: 13 };

/** A neighborhood is named after its tile, e.g. `red-3`. */
export type NeighborhoodId = string;

export interface TileDef {
  id: NeighborhoodId;
  color: Color;
  /** The tile in words, its color and number: "Red 3". */
  name: string;
}

export const TILES: readonly TileDef[] = COLORS.flatMap((color) =>
  Array.from({ length: TILES_PER_COLOR }, (_, i) => ({
    id: `${color}-${i + 1}`,
    color,
    name: `${capitalized(color)} ${i + 1}`,
  })),
);

const TILES_BY_ID: Readonly<Record<NeighborhoodId, TileDef>> = Object.fromEntries(TILES.map((t) => [t.id, t]));

/** `red-3` → "Red 3". */
export function neighborhoodName(id: NeighborhoodId): string {
  return TILES_BY_ID[id].name;
}
