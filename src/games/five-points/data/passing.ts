/**
 * Rabble a player may take from the boroughs back to the HQ for passing,
 * by player count and passing position (1st passer first).
 */
export const PASS_RETRIEVAL_BY_PLAYER_COUNT: Readonly<Record<number, readonly number[]>> = {
  3: [6, 4, 2],
  4: [6, 5, 4, 2],
  5: [7, 6, 5, 4, 2],
};
