/**
 * The 8 agendas every player owns (default set, our reconstruction). Each is
 * won by controlling strictly the most of something; ties go to the higher
 * total face value of the relevant properties, and a tie on that too scores
 * for nobody.
 */
import { BUSINESS_NAMES, BUSINESS_TYPES, type BusinessType } from './properties';

export type AgendaGoal =
  /** Most properties of one business type; relevant: those properties. */
  | { kind: 'mostOfType'; business: BusinessType }
  /** Most different business types; relevant: every controlled business. */
  | { kind: 'mostTypes' }
  /** Most properties in one orthogonally connected group; relevant: that group. */
  | { kind: 'largestGroup' }
  /** Highest total face value; the tie-break is the same number, so a tie scores for nobody. */
  | { kind: 'highestValue' };

export interface AgendaDef {
  id: string;
  name: string;
  goal: AgendaGoal;
}

export const AGENDAS: readonly AgendaDef[] = [
  ...BUSINESS_TYPES.map((business) => ({
    id: `most-${business}`,
    name: `Most ${BUSINESS_NAMES[business].many}`,
    goal: { kind: 'mostOfType', business } as const,
  })),
  { id: 'most-types', name: 'Most Different Businesses', goal: { kind: 'mostTypes' } },
  { id: 'largest-group', name: 'Biggest Connected Territory', goal: { kind: 'largestGroup' } },
  { id: 'highest-value', name: 'Most Valuable Holdings', goal: { kind: 'highestValue' } },
];

export const AGENDA_POINTS = 3;
export const AGENDAS_IN_HAND = 2;
