/**
 * Five Points: Gangs of New York (Mayfair Games, 2013), 3-5 players.
 * See README.md for where each rule lives and every default and ruling.
 */
import type { Ruleset } from '../../rules/contract';
import { botScore } from './bot-score';
import { decide } from './decide';
import { describe } from './describe';
import type { Event } from './events';
import { evolve } from './evolve';
import type { Move } from './moves';
import { initialState, setup } from './setup';
import { skipTurn } from './skip-turn';
import type { State } from './state';
import { legalMoves } from './turn';
import { redact, status, view, type FivePointsView } from './view';

export const fivePoints: Ruleset<State, Move, Event, FivePointsView> = {
  id: 'five-points',
  name: 'Five Points: Gangs of New York',
  // 2: a skip passes the late turn only, not the same seat's next turn too (a new round it starts).
  version: 2,
  description:
    'Place rabble in the neighborhoods of 1850s Manhattan, bid for manipulations, win elections to seat your bosses ' +
    'and collect control markers next door. Five bosses on the board wins at once.',
  minSeats: 3,
  maxSeats: 5,
  options: [],
  initialState,
  setup,
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

export type { State as FivePointsState, Move as FivePointsMove, Event as FivePointsEvent, FivePointsView };

// What a page needs to draw the game and name its parts (src/shared/five-points.ts).
export type { BuildingView, CityGrid, MarkerView, NeighborhoodView, PlayerHoldings as FivePointsHoldings } from './view';
export type { Color as DistrictColor, NeighborhoodId } from './data/tiles';
export { neighborhoodName } from './data/tiles';
export { BUILDINGS, type BuildingId } from './data/buildings';
