/**
 * Cards of the co-op variant "Upholding the Law" (default set, our
 * reconstruction): 6 roles, 14 mob activity cards and 6 master crimes.
 */
import { BUSINESS_NAMES, BUSINESS_TYPES, type BusinessType } from './properties';
import type { RuleChange } from './rule-changes';

export interface RoleDef {
  id: string;
  name: string;
  text: string;
  ability: RuleChange;
}

export const ROLES: readonly RoleDef[] = [
  { id: 'detective', name: 'Detective', text: 'The first card of each Clear Out removes 1 extra token.', ability: { kind: 'clearOutBonus', tokens: 1 } },
  { id: 'beat-cop', name: 'Beat Cop', text: 'Move up to 3 property cards.', ability: { kind: 'moveRange', steps: 3 } },
  { id: 'informant', name: 'Informant', text: 'The Draw action draws 3 cards.', ability: { kind: 'drawCount', cards: 3 } },
  { id: 'prosecutor', name: 'Prosecutor', text: 'Shut Down costs 1 less (never below 1).', ability: { kind: 'shutDownCost', delta: -1 } },
  { id: 'auditor', name: 'Auditor', text: 'Your cash is a wild worth 2.', ability: { kind: 'cashValue', value: 2 } },
  { id: 'commissioner', name: 'Commissioner', text: 'Cash in takes 3 lineup cards.', ability: { kind: 'cashInPicks', cards: 3 } },
];

/** A mob activity card names the properties that each gain a family token. */
export type MobTarget = { business: BusinessType } | { value: number };

export interface MobActivityDef {
  id: string;
  target: MobTarget;
  text: string;
}

/** Two cards per business type and one per property value: 14. */
export const MOB_ACTIVITIES: readonly MobActivityDef[] = [
  ...BUSINESS_TYPES.flatMap((business) => {
    const text = `Place a family token on every face-up ${BUSINESS_NAMES[business].one}.`;
    return [
      { id: `${business}-a`, target: { business }, text },
      { id: `${business}-b`, target: { business }, text },
    ];
  }),
  ...[1, 2, 3, 4].map((value) => ({ id: `value-${value}`, target: { value }, text: `Place a family token on every face-up property worth ${value}.` })),
];

export type CrimeEffect =
  /** Draw and resolve this many more mob activity cards (no "More Mob Activity" extra). */
  | { kind: 'moreActivity'; cards: number }
  /** One token on every face-up property. */
  | { kind: 'tokenEverywhere' }
  /** Expand the business after the last placed card, with one token on the new card. */
  | { kind: 'newFront' }
  /** The mob boss track advances. */
  | { kind: 'advanceBoss'; spaces: number }
  /** One token on every face-up property with a pawn on it. */
  | { kind: 'tokenUnderPawns' }
  /** Tokens on the face-up properties with the most tokens (each tied one). */
  | { kind: 'reinforceStrongest'; tokens: number };

export interface MasterCrimeDef {
  id: string;
  name: string;
  text: string;
  effect: CrimeEffect;
}

export const MASTER_CRIMES: readonly MasterCrimeDef[] = [
  { id: 'mob-activity-doubles', name: 'Mob Activity Doubles', text: 'Draw and resolve 2 more mob activity cards.', effect: { kind: 'moreActivity', cards: 2 } },
  { id: 'protection-racket', name: 'Protection Racket', text: 'Place a family token on every face-up property.', effect: { kind: 'tokenEverywhere' } },
  {
    id: 'new-front',
    name: 'New Front Business',
    text: 'The mob expands the business after the last placed card and puts a token on it.',
    effect: { kind: 'newFront' },
  },
  { id: 'bribed-officials', name: 'Bribed Officials', text: 'The mob boss track advances 1.', effect: { kind: 'advanceBoss', spaces: 1 } },
  { id: 'intimidation', name: 'Intimidation', text: 'Place a family token on every face-up property with a pawn on it.', effect: { kind: 'tokenUnderPawns' } },
  {
    id: 'turf-war',
    name: 'Turf War',
    text: 'Place 2 tokens on the face-up property with the most tokens (each, if tied).',
    effect: { kind: 'reinforceStrongest', tokens: 2 },
  },
];

export const COOP = {
  /** Family tokens the mob uses: two player sets of 12. */
  mobTokens: 24,
  handSize: 5,
  initialActivities: 4,
  actionsPerTurn: 3,
  /** "You can take the same action twice on the same turn", and no more. */
  sameActionPerTurn: 2,
  moveRange: 2,
  winScore: 20,
  lossBoss: 8,
  /** City size by the "Starting City" difficulty option. */
  citySize: { easier: 7, standard: 8, harder: 9, hardest: 10 } as const,
};
