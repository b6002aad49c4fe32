/** Points at the end of the game (victory point markers count at face value). */
export const POINTS_PER_BOSS = 5;
export const POINTS_PER_CONTROL_MARKER = 2;
/** Bonus for each complete set of four control markers, one of each color. */
export const POINTS_PER_COLOR_SET = 5;
/** Victory points for a tie for control of a neighborhood next to an election. */
export const VP_PER_TIED_CONTROL = 1;
