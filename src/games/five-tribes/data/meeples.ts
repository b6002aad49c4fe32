/**
 * The five tribes by meeple colour: yellow Viziers, white Elders, green
 * Merchants, blue Builders, red Assassins; 90 meeples in the bag.
 */
export const COLORS = ['yellow', 'white', 'green', 'blue', 'red'] as const;
export type Color = (typeof COLORS)[number];

/** Each colour's tribe, as players call its meeples (one of them). */
export const TRIBE_NAMES: Record<Color, string> = {
  yellow: 'Vizier',
  white: 'Elder',
  green: 'Merchant',
  blue: 'Builder',
  red: 'Assassin',
};

export const MEEPLE_COUNTS: Record<Color, number> = {
  yellow: 16,
  white: 20,
  green: 18,
  blue: 18,
  red: 18,
};

/** Meeples dealt onto each tile at setup. */
export const MEEPLES_PER_TILE = 3;
