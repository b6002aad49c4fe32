/**
 * The 6 landmark cards (default set, our reconstruction). Two replace
 * property cards in each round's city. A landmark has no business type;
 * `suits: null` means any suit pays for it. Its controller enjoys `power`.
 */
import type { LotCardDef } from './properties';
import type { RuleChange } from './rule-changes';

export interface LandmarkDef extends LotCardDef {
  text: string;
  power: RuleChange;
}

export const LANDMARKS: readonly LandmarkDef[] = [
  {
    id: 'central-station',
    name: 'Central Station',
    value: 3,
    arrow: 'right',
    suits: null,
    business: null,
    text: 'Once per turn, before your action, you may draw 1 card.',
    power: { kind: 'freeDraw', cards: 1 },
  },
  {
    id: 'city-hall',
    name: 'City Hall',
    value: 4,
    arrow: 'down',
    suits: ['snakes', 'foxes'],
    business: null,
    text: 'You pay no connection costs.',
    power: { kind: 'noConnectionCost' },
  },
  {
    id: 'courthouse',
    name: 'Courthouse',
    value: 3,
    arrow: 'left',
    suits: null,
    business: null,
    text: 'Other players pay 1 more to take over a property you control.',
    power: { kind: 'defense', surcharge: 1 },
  },
  {
    id: 'union-hall',
    name: 'Union Hall',
    value: 2,
    arrow: 'up',
    suits: null,
    business: null,
    text: 'Your take-overs cost 1 less (never below 1).',
    power: { kind: 'takeOverCost', delta: -1 },
  },
  {
    id: 'grand-casino',
    name: 'Grand Casino',
    value: 4,
    arrow: 'right',
    suits: ['sharks', 'foxes'],
    business: null,
    text: 'At round end you score 4 extra points.',
    power: { kind: 'roundBonus', points: 4 },
  },
  {
    id: 'skyline-tower',
    name: 'Skyline Tower',
    value: 2,
    arrow: 'down',
    suits: null,
    business: null,
    text: 'At round end you score 1 extra point per property in your largest connected group.',
    power: { kind: 'groupBonus' },
  },
];

/** How many property cards the landmarks replace in each round's city. */
export const LANDMARKS_PER_ROUND = 2;
