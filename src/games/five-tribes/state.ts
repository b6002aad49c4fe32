/** The folded game state: plain JSON, rebuilt from events. */
import type { Seat } from '../../rules/contract';
import type { CardKind } from './data/cards';
import type { DjinnId } from './data/djinns';
import type { Color } from './data/meeples';
import type { MarketKind } from './data/tiles';
import type { Structure } from './data/supply';
import type { Counts } from './counts';

export type Meeples = Counts<Color>;
export type Cards = Counts<CardKind>;

export interface TileState {
  /** Index into TILES: which tile lies on this square. */
  tile: number;
  meeples: Meeples;
  camel: Seat | null;
  palms: number;
  palaces: number;
}

export interface PlayerState {
  /** Secret from other seats until the game is finished. */
  gold: number;
  /** Camels not yet placed. */
  camels: number;
  viziers: number;
  elders: number;
  /** Merchandise and Fakir cards held. */
  cards: Cards;
  djinns: DjinnId[];
  /** Djinns whose paid power was already used this round. */
  djinnsUsed: DjinnId[];
}

/** A turn marker; seat = marker % seats (two markers per seat with 2 players). */
export type Marker = number;

/** Where a killing lands: a board tile or the meeples in front of an opponent. */
export type KillTarget = { tile: number } | { seat: Seat };

/** Moments inside a turn where the player must decide; `resume` is where a Djinn detour returns. */
export type Step =
  | { name: 'start' }
  | { name: 'moving'; origin: number; hand: Meeples; path: number[] }
  | { name: 'builders'; builders: number }
  | { name: 'assassins'; assassins: number; killsLeft: number; target: KillTarget | null }
  | { name: 'placement'; structure: Structure; origin: number; resume: ResumeStep }
  | { name: 'market'; market: MarketKind }
  | { name: 'sacred' }
  | { name: 'sibittis'; drawn: DjinnId[]; resume: ResumeStep }
  | { name: 'end' };

export type { Structure };
export type ResumeStep = 'start' | 'end';

export interface Turn {
  seat: Seat;
  marker: Marker;
  step: Step;
  /** The tile the move ended on, once it has. */
  finalTile: number | null;
  /** Echidna was invoked this turn. */
  buildersDoubled: boolean;
}

export type Phase = 'setup' | 'bidding' | 'playing' | 'finished';

export interface ScoreBreakdown {
  gold: number;
  viziers: number;
  vizierMajority: number;
  elders: number;
  djinns: number;
  palmTrees: number;
  palaces: number;
  tiles: number;
  merchandise: number;
  total: number;
}

export interface State {
  seats: number;
  phase: Phase;
  round: number;
  /** 30 squares, index r * 6 + c. */
  board: TileState[];
  bag: Meeples;
  /** Draw piles hold no order: each draw is random, made in decide. */
  resourceDeck: Cards;
  resourceDiscard: Cards;
  resourceRow: CardKind[];
  djinnDeck: DjinnId[];
  djinnDiscard: DjinnId[];
  djinnRow: DjinnId[];
  palmSupply: number;
  palaceSupply: number;
  /** The bank is not a limit; this ledger only makes gold conservation checkable (it may go below 0). */
  bank: number;
  players: PlayerState[];
  /** Bid order track, first to bid first. During play, markers join it as their turns start. */
  bidTrack: Marker[];
  /** Turn order track spots (see TURN_TRACK_COSTS). */
  turnTrack: (Marker | null)[];
  turn: Turn | null;
  /** Set once the game will end at the close of this round. */
  endTrigger: 'lastCamel' | 'noMoves' | null;
  scores: ScoreBreakdown[] | null;
}

export function seatOf(state: State, marker: Marker): Seat {
  return marker % state.seats;
}
