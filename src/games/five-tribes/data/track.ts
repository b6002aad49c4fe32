/** Turn order track: spot costs, best spot first. Spots 6..8 are the aisle of zeros. */
export const TURN_TRACK_COSTS: readonly number[] = [18, 12, 8, 5, 3, 1, 0, 0, 0];

/** The first spot of the zero aisle; a new zero bid lands here and pushes the others down. */
export const ZERO_AISLE_SPOT = 6;
