/** Starting holdings and shared supplies. */
export const STARTING_GOLD = 50;

/** 96 coins: 48 worth 5 and 48 worth 1. */
export const TOTAL_COINS_VALUE = 48 * 5 + 48;

export const PALM_TREES = 12;
export const PALACES = 10;

/** What the Oasis and the Village add to a tile. */
export type Structure = 'palm' | 'palace';
export const STRUCTURE_NAMES: Record<Structure, string> = { palm: 'palm tree', palace: 'palace' };

/** Camels and turn markers per seat: two-player games use the big camel sets and two markers each. */
export function camelsPerSeat(seats: number): number {
  return seats === 2 ? 11 : 8;
}
export function markersPerSeat(seats: number): number {
  return seats === 2 ? 2 : 1;
}
