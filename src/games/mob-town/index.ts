/**
 * Mob Town (5th Street Games, 2014) with its variants and the co-op
 * "Upholding the Law". See README.md for every default and ruling.
 */
import type { Ruleset } from '../../rules/contract';
import { botScore } from './bot-score';
import { decide } from './decide';
import { describe } from './describe';
import { evolve } from './evolve';
import type { MobTownEvent } from './events';
import { legalMoves } from './legal-moves';
import type { Move } from './moves';
import { OPTION_SPECS } from './options';
import { setupGame } from './setup';
import { skipTurn } from './skip-turn';
import { initialState, type State } from './state';
import { status } from './status';
import { redact, view, type MobTownView } from './view';

export const mobTown: Ruleset<State, Move, MobTownEvent, MobTownView> = {
  id: 'mob-town',
  name: 'Mob Town',
  version: 1,
  description:
    'Take over businesses in three freshly dealt cities with animal henchmen, secret agendas and briefcases; ' +
    'with the Professionals, City cards, Landmarks and Big Money variants and the co-op mode "Upholding the Law". ' +
    'The rules are implemented in full, but the printed card lists are not public: every card text and value here ' +
    '(draw deck mix, property names, arrows and suits, agendas, professionals, city cards, landmarks, roles, mob activity ' +
    "and master crimes) is this server's own reconstruction.",
  minSeats: 2,
  maxSeats: 4,
  options: OPTION_SPECS,
  initialState,
  setup: setupGame,
  decide,
  evolve,
  legalMoves,
  view,
  redact,
  status,
  describe,
  skipTurn,
  rounds: { startedBy: 'roundStarted' },
  botScore,
};

export type { State as MobTownState, Move as MobTownMove, MobTownEvent, MobTownView };

// What a page needs to draw the game and name its parts (src/shared/mob-town.ts).
export type { CityLot, CityView, CoopView, LotCardView, PlayerHoldings as MobTownHoldings } from './view';
export type { Owner } from './state';
export { cellKey, type Cell } from './cells';
export { AGENDAS } from './data/agendas';
export { ROLES } from './data/coop';
export { LANDMARKS } from './data/landmarks';
export { PROFESSIONALS } from './data/professionals';
export { PROPERTIES } from './data/properties';
export type { Card } from './data/deck';
