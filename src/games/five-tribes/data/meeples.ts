/**
 * The five tribes by meeple colour: yellow Viziers, white Elders, green
 * Merchants, blue Builders, red Assassins; 90 meeples in the bag.
 */
export const COLORS = ['yellow', 'white', 'green', 'blue', 'red'] as const;
export type Color = (typeof COLORS)[number];

export const MEEPLE_COUNTS: Record<Color, number> = {
  yellow: 16,
  white: 20,
  green: 18,
  blue: 18,
  red: 18,
};

/** Meeples dealt onto each tile at setup. */
export const MEEPLES_PER_TILE = 3;
