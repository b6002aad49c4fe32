/**
 * The folded game state: plain JSON, no randomness, no clock. Hidden parts
 * (hands, agendas, the deck's contents) live here too; `view.ts` decides who
 * sees them. The deck has no order at all: a card is drawn at random from
 * its contents when needed (see draw.ts), so no order can ever leak.
 */
import type { GameConfig, Seat } from '../../rules/contract';
import type { CellKey } from './cells';
import type { Card, Suit } from './data/deck';
import type { Grant } from './data/professionals';
import type { CoopAction } from './moves';
import { CITY_CARDS } from './data/city-cards';
import { PROFESSIONALS } from './data/professionals';
import { readOptions, type MobTownOptions } from './options';

/** Who put a family token down: a seat, or the mob in co-op. */
export type Owner = Seat | 'mob';

export interface Lot {
  /** Id of a property or landmark card. */
  card: string;
  /** Family tokens, bottom first; the top one controls the property. */
  tokens: Owner[];
  /** Co-op: shut down (face down). It still counts as a card for moving. */
  shutDown: boolean;
}

export interface PlayerState {
  /** Cards in hand, kept sorted. Secret. */
  hand: Card[];
  /** Agenda ids in hand. Secret until scored. */
  agendas: string[];
  score: number;
  briefcases: number;
  /** Family tokens left in the supply. */
  tokens: number;
  /** Professionals kept in front of the player for the round. */
  kept: string[];
  /** Co-op role id. */
  role: string | null;
  /** Co-op pawn position. */
  pawn: CellKey | null;
}

/** What the active seat must decide now. */
export type Step =
  | { kind: 'chooseAction' }
  /** Take cards from the lineup, one per move (Cash in, the Smuggler). */
  | { kind: 'pick'; picksLeft: number }
  /** A granted Trade, which may be skipped. */
  | { kind: 'trade' }
  /** A granted open-lot placement (no briefcase), which may be skipped. */
  | { kind: 'openLot' }
  /** A take-over that may be skipped: after an open lot (only that cell) or from a professional. */
  | { kind: 'takeOver'; onlyCell: CellKey | null; ignoreConnection: boolean; ignoreTokens: boolean }
  /**
   * Paying card by card: first the suit cost (`costLeft`), then one card per
   * connection step to `payees` in order (a seat, or null for the discard pile).
   */
  | { kind: 'pay'; purpose: 'takeOver' | 'shutDown'; cell: CellKey; costLeft: number; payees: (Seat | null)[] }
  /** Co-op Clear Out: cards of one suit (`suit` once chosen) or cash, until stopped. */
  | { kind: 'clearOut'; cell: CellKey; suit: Suit | null; cardsPaid: number };

export interface Turn {
  seat: Seat;
  step: Step;
  /** Actions still owed by a hired professional, in order. */
  grants: Grant[];
  /** Actions left this turn, counting the one under way (1 in competitive, 3 in co-op). */
  actionsLeft: number;
  /** A landmark's once-per-turn free draw was used. */
  freeDrawUsed: boolean;
  /** Co-op: the actions chosen this turn, in order (absent in a state folded before they were recorded). */
  coopActions?: CoopAction[];
}

export interface ProfessionalsState {
  row: string[];
  deck: string[];
  discard: string[];
}

export interface AgendaResult {
  agenda: string;
  achieved: boolean;
}

export interface SeatRoundScore {
  seat: Seat;
  properties: number;
  agendas: AgendaResult[];
  agendaPoints: number;
  bonus: number;
  total: number;
}

export interface CoopState {
  mobBoss: number;
  /** The players' score track. */
  lawScore: number;
  mobDeck: string[];
  mobDiscard: string[];
  /** Family tokens the mob has left to place. */
  mobTokens: number;
}

export type Phase = 'setup' | 'agendas' | 'roles' | 'pawns' | 'play' | 'roundOver' | 'finished';

export interface GameResult {
  winners: Seat[];
  /** Co-op only: why the game ended. */
  outcome?: 'won' | 'lost';
  reason?: string;
}

export interface State {
  seats: number;
  options: MobTownOptions;
  phase: Phase;
  round: number;
  city: Record<CellKey, Lot>;
  /** The most recently placed city card (the co-op "New Front" crime expands after it). */
  lastPlaced: CellKey | null;
  /** Property and landmark cards not in the city or open lot this round (unordered). */
  propertyDeck: string[];
  openLot: string[];
  /** Draw deck contents without the Law, sorted: there is no order to leak. */
  deck: Card[];
  /** The Law is still in the deck; it lies among the bottom 11 cards. */
  lawInDeck: boolean;
  lineup: Card[];
  discard: Card[];
  players: PlayerState[];
  /** Who starts the round's first turn once agendas (or co-op pawns) are chosen. */
  firstSeat: Seat;
  turn: Turn | null;
  /** Who drew the Law, while the round is being scored. */
  lawDrawnBy: Seat | null;
  professionals: ProfessionalsState | null;
  cityCard: string | null;
  cityCardDeck: string[];
  lastScoring: SeatRoundScore[] | null;
  /**
   * Competitive: every seat's points so far by where they came from, for
   * the final score sheet. Absent from states cached before it was kept
   * (a game folded from such a snapshot ends without a score sheet).
   */
  tally?: ScoreTally;
  coop: CoopState | null;
  result: GameResult | null;
}

/** Points per seat (index = seat) by category. */
export interface ScoreTally {
  properties: number[];
  agendas: number[];
  bonuses: number[];
  briefcases: number[];
}

export function initialState(config: GameConfig): State {
  const options = readOptions(config.options);
  return {
    seats: config.seats,
    options,
    phase: 'setup',
    round: 0,
    city: {},
    lastPlaced: null,
    propertyDeck: [],
    openLot: [],
    deck: [],
    lawInDeck: false,
    lineup: [],
    discard: [],
    players: Array.from({ length: config.seats }, () => ({
      hand: [],
      agendas: [],
      score: 0,
      briefcases: 0,
      tokens: 0,
      kept: [],
      role: null,
      pawn: null,
    })),
    firstSeat: 0,
    turn: null,
    lawDrawnBy: null,
    professionals: options.professionals ? { row: [], deck: PROFESSIONALS.map((p) => p.id), discard: [] } : null,
    cityCard: null,
    cityCardDeck: options.cityCards ? CITY_CARDS.map((c) => c.id) : [],
    lastScoring: null,
    tally: { properties: zeros(config.seats), agendas: zeros(config.seats), bonuses: zeros(config.seats), briefcases: zeros(config.seats) },
    coop: null,
    result: null,
  };
}

function zeros(seats: number): number[] {
  return Array.from({ length: seats }, () => 0);
}

export const isCoop = (state: State): boolean => state.options.mode === 'coop';

/** Returns a new players array with one player changed. */
export function updatePlayer(state: State, seat: Seat, change: (player: PlayerState) => Partial<PlayerState>): PlayerState[] {
  return state.players.map((player, i) => (i === seat ? { ...player, ...change(player) } : player));
}

/** The current step, which must be of `kind` (the move was listed for it). */
export function currentStep<K extends Step['kind']>(state: State, kind: K): Extract<Step, { kind: K }> {
  const step = state.turn?.step;
  if (step?.kind !== kind) throw new Error(`expected a ${kind} step, not ${step?.kind}`);
  return step as Extract<Step, { kind: K }>;
}
