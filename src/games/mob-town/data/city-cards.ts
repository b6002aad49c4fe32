/** The 6 city cards (default set, our reconstruction): one is in force for a whole round. */
import type { RuleChange } from './rule-changes';

export interface CityCardDef {
  id: string;
  name: string;
  text: string;
  change: RuleChange;
}

export const CITY_CARDS: readonly CityCardDef[] = [
  { id: 'boom-town', name: 'Boom Town', text: 'The Draw action draws 3 cards.', change: { kind: 'drawCount', cards: 3 } },
  { id: 'open-streets', name: 'Open Streets', text: 'Nobody pays connection costs.', change: { kind: 'noConnectionCost' } },
  { id: 'rising-rents', name: 'Rising Rents', text: 'Every take-over costs 1 more.', change: { kind: 'takeOverCost', delta: 1 } },
  { id: 'easy-money', name: 'Easy Money', text: 'Cash is a wild worth 2 when taking over.', change: { kind: 'cashValue', value: 2 } },
  { id: 'market-day', name: 'Market Day', text: 'The lineup holds 7 cards.', change: { kind: 'lineupSize', cards: 7 } },
  { id: 'big-ambitions', name: 'Big Ambitions', text: 'Each completed agenda scores 5 points.', change: { kind: 'agendaPoints', points: 5 } },
];
