/**
 * Piece counts and supplies. Counts the rulebook does not give are this
 * server's defaults (see README.md); change them here if your box differs.
 */
import type { Color } from './tiles';

/** Rabble cubes per player. */
export const RABBLE_PER_PLAYER = 20;
/** Rabble standing on the HQ at setup; the rest starts in the boroughs. */
export const RABBLE_ON_HQ_AT_SETUP = 9;
/** Rabble each player puts in the bag to be drawn onto the board at setup. */
export const STARTING_RABBLE_ON_BOARD = 3;
/** Bosses per player; all five on the board wins at once. */
export const BOSSES_PER_PLAYER = 5;

/** Default: 12 control markers of each color. */
export const CONTROL_MARKERS_PER_COLOR = 12;

/** Building tiles placed face down at setup. */
export const BUILDINGS_IN_PLAY = 2;
/** Manipulation markers face up in the row each round. */
export const MARKERS_PER_ROUND = 4;

export type ControlMarkerCounts = Record<Color, number>;
