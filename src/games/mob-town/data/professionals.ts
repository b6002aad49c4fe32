/**
 * The 12 professionals (default set, our reconstruction). Hiring one costs a
 * briefcase and is the turn's action. A professional either grants actions,
 * carried out in order (each may be skipped), or is kept for the round and
 * changes a rule for its owner.
 */
import type { RuleChange } from './rule-changes';

/** An action a professional grants, built from the base game's actions. */
export type Grant =
  | { action: 'draw'; cards: number }
  /** Take cards from the lineup as a Cash in does, without discarding cash. */
  | { action: 'pick'; cards: number }
  | { action: 'trade' }
  | { action: 'takeOver'; ignoreConnection: boolean; ignoreTokens: boolean }
  /** Place an open-lot property without spending a briefcase, then may take it over. */
  | { action: 'openLot' };

export type ProfessionalDef =
  | { id: string; name: string; text: string; keep: false; grants: readonly Grant[] }
  | { id: string; name: string; text: string; keep: true; change: RuleChange };

const TAKE_OVER: Grant = { action: 'takeOver', ignoreConnection: false, ignoreTokens: false };

export const PROFESSIONALS: readonly ProfessionalDef[] = [
  { id: 'accountant', name: 'The Accountant', text: 'Draw 4 cards.', keep: false, grants: [{ action: 'draw', cards: 4 }] },
  { id: 'smuggler', name: 'The Smuggler', text: 'Take any 3 cards from the lineup.', keep: false, grants: [{ action: 'pick', cards: 3 }] },
  { id: 'broker', name: 'The Broker', text: 'Trade twice.', keep: false, grants: [{ action: 'trade' }, { action: 'trade' }] },
  {
    id: 'fixer',
    name: 'The Fixer',
    text: 'Take over a property ignoring connection cost.',
    keep: false,
    grants: [{ action: 'takeOver', ignoreConnection: true, ignoreTokens: false }],
  },
  {
    id: 'enforcer',
    name: 'The Enforcer',
    text: 'Take over a property ignoring the tokens already on it.',
    keep: false,
    grants: [{ action: 'takeOver', ignoreConnection: false, ignoreTokens: true }],
  },
  {
    id: 'architect',
    name: 'The Architect',
    text: 'Place an open-lot property (no extra briefcase); you may take it over ignoring connection cost.',
    keep: false,
    grants: [{ action: 'openLot' }],
  },
  {
    id: 'hustler',
    name: 'The Hustler',
    text: 'Draw 2 cards, then you may take over a property.',
    keep: false,
    grants: [{ action: 'draw', cards: 2 }, TAKE_OVER],
  },
  {
    id: 'getaway-driver',
    name: 'The Getaway Driver',
    text: 'Keep for the round: you pay no connection costs.',
    keep: true,
    change: { kind: 'noConnectionCost' },
  },
  { id: 'loan-shark', name: 'The Loan Shark', text: 'Keep for the round: your cash is a wild worth 2.', keep: true, change: { kind: 'cashValue', value: 2 } },
  {
    id: 'bodyguard',
    name: 'The Bodyguard',
    text: 'Keep for the round: others pay 2 more to take over your properties.',
    keep: true,
    change: { kind: 'defense', surcharge: 2 },
  },
  { id: 'bookie', name: 'The Bookie', text: 'Keep for the round: score 4 extra points at round end.', keep: true, change: { kind: 'roundBonus', points: 4 } },
  {
    id: 'lawyer',
    name: 'The Lawyer',
    text: 'Keep for the round: your take-overs cost 1 less (never below 1).',
    keep: true,
    change: { kind: 'takeOverCost', delta: -1 },
  },
];

/** Face-up professionals available to hire. */
export const PROFESSIONALS_FACE_UP = 3;
