/**
 * Manipulation markers. No public source lists the full mix; this is the
 * server's default set of 24 (see README.md). Markers marked `dotted` are
 * removed at setup, as the rulebook says; the default set has none.
 */
import type { Effect } from './effects';
import { COLORS } from './tiles';

export type MarkerId = string;

export interface MarkerDef {
  id: MarkerId;
  name: string;
  effect: Effect;
  dotted: boolean;
}

/** `count` identical markers, told apart by a letter suffix on the id. */
function copies(count: number, idBase: string, name: string, effect: Effect): MarkerDef[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${idBase}-${String.fromCharCode(97 + i)}`,
    name,
    effect,
    dotted: false,
  }));
}

export const MARKERS: readonly MarkerDef[] = [
  ...copies(2, 'votes-1', '+1 vote in every election', { kind: 'votes', votes: 1 }),
  ...copies(2, 'votes-2', '+2 votes in every election', { kind: 'votes', votes: 2 }),
  ...COLORS.flatMap((color) => copies(1, `votes-3-${color}`, `+3 votes in ${color} elections`, { kind: 'colorVotes', color, votes: 3 })),
  ...copies(2, 'votes-per-boss', '+1 vote per boss', { kind: 'votesPerBoss' }),
  ...copies(2, 'move-neighborhood', 'Move a neighborhood', { kind: 'moveNeighborhood' }),
  ...copies(2, 'move-building', 'Move a building', { kind: 'moveBuilding' }),
  ...copies(2, 'control-marker', 'Take a control marker', { kind: 'takeControlMarker' }),
  ...COLORS.flatMap((color) =>
    copies(1, `majority-${color}`, `4 VP for most ${color} neighborhoods`, {
      kind: 'colorMajorityVp',
      color,
      vp: 4,
    }),
  ),
  ...copies(2, 'special-election', 'Special election', { kind: 'specialElection' }),
  ...copies(2, 'vp-per-control', '1 VP per controlled neighborhood', { kind: 'vpPerControlledNeighborhood' }),
];

const MARKERS_BY_ID: Readonly<Record<MarkerId, MarkerDef>> = Object.fromEntries(MARKERS.map((m) => [m.id, m]));

export function markerDef(id: MarkerId): MarkerDef {
  return MARKERS_BY_ID[id];
}

/** The markers shuffled each round: every marker without a dot. */
export const MARKERS_IN_PLAY: readonly MarkerId[] = MARKERS.filter((m) => !m.dotted).map((m) => m.id);
