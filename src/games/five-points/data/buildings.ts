/** The nine building tiles; two are used per game. */
import type { Effect } from './effects';

export const BUILDING_IDS = [
  'board-of-elections',
  'newspaper',
  'theater',
  'five-points-mission',
  'polling-place',
  'sixth-ward-offices',
  'zoning-commission',
  'tammany-hall',
  'smugglers-tunnel',
] as const;
export type BuildingId = (typeof BUILDING_IDS)[number];

export interface BuildingDef {
  id: BuildingId;
  name: string;
  effect: Effect;
  /** Smugglers Tunnel is always resolved after every other building. */
  resolvesLast: boolean;
}

export const BUILDINGS: Readonly<Record<BuildingId, BuildingDef>> = {
  'board-of-elections': {
    id: 'board-of-elections',
    name: 'Board of Elections',
    effect: { kind: 'vp', vp: 2 },
    resolvesLast: false,
  },
  newspaper: { id: 'newspaper', name: 'Newspaper', effect: { kind: 'takeControlMarker' }, resolvesLast: false },
  theater: { id: 'theater', name: 'Theater', effect: { kind: 'retrieveRabble', count: 2 }, resolvesLast: false },
  'five-points-mission': {
    id: 'five-points-mission',
    name: 'Five Points Mission',
    effect: { kind: 'retrieveRabblePerBoss' },
    resolvesLast: false,
  },
  'polling-place': {
    id: 'polling-place',
    name: 'Polling Place',
    effect: { kind: 'votesHere', votes: 1 },
    resolvesLast: false,
  },
  'sixth-ward-offices': {
    id: 'sixth-ward-offices',
    name: 'Sixth Ward Offices',
    effect: { kind: 'votes', votes: 2 },
    resolvesLast: false,
  },
  'zoning-commission': {
    id: 'zoning-commission',
    name: 'Zoning Commission',
    effect: { kind: 'moveNeighborhood' },
    resolvesLast: false,
  },
  'tammany-hall': {
    id: 'tammany-hall',
    name: 'Tammany Hall',
    effect: { kind: 'endGameVp', vp: 5 },
    resolvesLast: false,
  },
  'smugglers-tunnel': {
    id: 'smugglers-tunnel',
    name: 'Smugglers Tunnel',
    effect: { kind: 'smuggleRabble' },
    resolvesLast: true,
  },
};
