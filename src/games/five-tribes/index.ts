/** Five Tribes (Days of Wonder, 2014) on the rules contract. */
import type { Ruleset } from '../../rules/contract';
import { botScore } from './bot-score';
import { decide } from './decide';
import { describe } from './describe';
import type { Event } from './events';
import { evolve } from './evolve';
import { legalMoves } from './legal-moves';
import type { Move } from './moves';
import { initialState, setup } from './setup';
import { skipTurn } from './skip-turn';
import type { State } from './state';
import { redact, status, view, type FiveTribesView } from './view';

export const fiveTribes: Ruleset<State, Move, Event, FiveTribesView> = {
  id: 'five-tribes',
  name: 'Five Tribes',
  // 2: a skip passes the late turn only, not the same seat's next turn too (a new round it starts).
  version: 2,
  description: 'Bid for turn order, move the meeples of the Five Tribes across the Sultanate of Naqala, take control of tiles and invoke the 22 Djinns.',
  minSeats: 2,
  maxSeats: 4,
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
  rounds: { startedBy: 'roundStarted', firstStartedBy: 'setup' },
  botScore,
};

export type { State as FiveTribesState, Move as FiveTribesMove, Event as FiveTribesEvent, FiveTribesView };

// What a page needs to draw the game and name its parts (src/shared/five-tribes.ts).
export type { MarkerHolder, PlayerHoldings as FiveTribesHoldings, StepView, TileView, TurnTrackSpot, TurnView } from './view';
export { COLORS as MEEPLE_COLORS, TRIBE_NAMES, type Color as MeepleColor } from './data/meeples';
export { squareName, toIndex, type Coord } from './grid';
export { DJINNS, type DjinnId } from './data/djinns';
export { SET_VALUES, type CardKind } from './data/cards';
export { ZERO_AISLE_SPOT } from './data/track';
