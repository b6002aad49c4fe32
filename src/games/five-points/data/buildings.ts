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
  /** The name as it reads inside a sentence, with its article: "the Theater", "Tammany Hall". */
  nameInText: string;
  /** What it does for the player controlling its neighborhood, in a few words. */
  effectText: string;
  effect: Effect;
  /** Smugglers Tunnel is always resolved after every other building. */
  resolvesLast: boolean;
}

export const BUILDINGS: Readonly<Record<BuildingId, BuildingDef>> = {
  'board-of-elections': {
    id: 'board-of-elections',
    name: 'Board of Elections',
    nameInText: 'the Board of Elections',
    effectText: 'score 2 VP at once',
    effect: { kind: 'vp', vp: 2 },
    resolvesLast: false,
  },
  newspaper: {
    id: 'newspaper',
    name: 'Newspaper',
    nameInText: 'the Newspaper',
    effectText: 'take a control marker of any color',
    effect: { kind: 'takeControlMarker' },
    resolvesLast: false,
  },
  theater: {
    id: 'theater',
    name: 'Theater',
    nameInText: 'the Theater',
    effectText: 'may take up to 2 rabble back from the boroughs to the HQ',
    effect: { kind: 'retrieveRabble', count: 2 },
    resolvesLast: false,
  },
  'five-points-mission': {
    id: 'five-points-mission',
    name: 'Five Points Mission',
    nameInText: 'the Five Points Mission',
    effectText: 'may take 1 rabble back from the boroughs to the HQ per boss on the board',
    effect: { kind: 'retrieveRabblePerBoss' },
    resolvesLast: false,
  },
  'polling-place': {
    id: 'polling-place',
    name: 'Polling Place',
    nameInText: 'the Polling Place',
    effectText: '+1 vote in an election held in its own neighborhood this round',
    effect: { kind: 'votesHere', votes: 1 },
    resolvesLast: false,
  },
  'sixth-ward-offices': {
    id: 'sixth-ward-offices',
    name: 'Sixth Ward Offices',
    nameInText: 'the Sixth Ward Offices',
    effectText: '+2 votes in every election this round',
    effect: { kind: 'votes', votes: 2 },
    resolvesLast: false,
  },
  'zoning-commission': {
    id: 'zoning-commission',
    name: 'Zoning Commission',
    nameInText: 'the Zoning Commission',
    effectText: 'may move one neighborhood',
    effect: { kind: 'moveNeighborhood' },
    resolvesLast: false,
  },
  'tammany-hall': {
    id: 'tammany-hall',
    name: 'Tammany Hall',
    nameInText: 'Tammany Hall',
    effectText: 'no effect during the game; 5 VP at the end to whoever controls its neighborhood then',
    effect: { kind: 'endGameVp', vp: 5 },
    resolvesLast: false,
  },
  'smugglers-tunnel': {
    id: 'smugglers-tunnel',
    name: 'Smugglers Tunnel',
    nameInText: 'the Smugglers Tunnel',
    effectText: 'may move one rabble of any player to another neighborhood',
    effect: { kind: 'smuggleRabble' },
    resolvesLast: true,
  },
};
