/**
 * Every event the game records. Events carry each random outcome, so
 * `evolve` never draws. Hidden parts (dealt hands, drawn cards, agendas) are
 * masked for other seats by `redact` (view.ts).
 *
 * Events that name a city cell also carry the `card` lying there, and
 * `gameEnded` the final standings, so that each event can be told in words
 * without the state (`describe.ts`). Events stored before those fields were
 * added lack them, hence optional.
 */
import type { Seat } from '../../rules/contract';
import type { Card } from './data/deck';
import type { Grant } from './data/professionals';
import type { CoopAction } from './moves';
import type { GameResult, SeatRoundScore, Step } from './state';
import type { CellKey } from './cells';

/** The steps a turn may leave undone (see stepMoves and offerStep). */
export type SkippableStep = Extract<Step['kind'], 'pick' | 'trade' | 'openLot' | 'takeOver'>;

export type MobTownEvent =
  /** A new city, open lot, hands and lineup; the deck is whatever remains. */
  | {
      type: 'roundStarted';
      round: number;
      city: { cell: CellKey; card: string }[];
      openLot: string[];
      /** Dealt hands; another seat's is null once redacted (see `handCounts`). */
      hands: (Card[] | null)[];
      handCounts: number[];
      lineup: Card[];
      firstSeat: Seat;
      /** Seats tied for last place, when a random draw picked `firstSeat` among them. */
      tiedForLast: Seat[];
      cityCard: string | null;
    }
  | { type: 'professionalsRevealed'; professionals: string[] }
  | { type: 'professionalsReshuffled' }
  | { type: 'agendaChosen'; seat: Seat; agenda: string | null }
  | { type: 'agendaSwapped'; seat: Seat; returned: string | null; chosen: string | null }
  | { type: 'turnStarted'; seat: Seat; actions: number }
  | { type: 'stepBegan'; step: Step }
  /** The next action a hired professional owes is under way. */
  | { type: 'grantTaken'; seat: Seat; grant: Grant }
  /** Co-op: the action a turn's next step is (each may be taken twice a turn). */
  | { type: 'actionChosen'; seat: Seat; action: CoopAction }
  | { type: 'actionDone'; seat: Seat }
  | { type: 'turnEnded'; seat: Seat }
  /** Cards drawn from the deck into a hand; `cards` is missing once redacted. */
  | { type: 'cardsDrawn'; seat: Seat; count: number; cards?: Card[] }
  | { type: 'lawDrawn'; seat: Seat }
  | { type: 'traded'; seat: Seat; gave: Card; took: Card[] }
  | { type: 'cashedIn'; seat: Seat }
  | { type: 'lineupCardTaken'; seat: Seat; card: Card }
  | { type: 'lineupRefilled'; cards: Card[] }
  /** A card paid from a hand, to another seat (connection cost) or to the discard pile. */
  | { type: 'cardPaid'; seat: Seat; card: Card; to: Seat | null }
  /** A take-over completed. */
  | { type: 'tokenPlaced'; seat: Seat; cell: CellKey; card?: string }
  | { type: 'briefcaseSpent'; seat: Seat }
  | { type: 'lotPlaced'; seat: Seat; card: string; cell: CellKey }
  | { type: 'openLotRefilled'; card: string }
  | { type: 'professionalHired'; seat: Seat; professional: string }
  /** `card` is the landmark that grants the draw. */
  | { type: 'freeDrawUsed'; seat: Seat; cell: CellKey; card?: string }
  /**
   * An optional step (`step`) left undone: `declined` by the seat, or passed
   * over because it offered nothing. Both are absent in events stored before
   * they were recorded.
   */
  | { type: 'stepSkipped'; seat: Seat; step?: SkippableStep; declined?: boolean }
  | { type: 'roundScored'; round: number; drawer: Seat; results: SeatRoundScore[] }
  | {
      type: 'gameEnded';
      result: GameResult;
      briefcasePoints: number[];
      /** Competitive: each seat's final score, briefcase points included. */
      scores?: number[];
      /** Co-op: where the players' track and the mob boss track ended. */
      tracks?: { lawScore: number; mobBoss: number };
    }
  // co-op
  | { type: 'roleChosen'; seat: Seat; role: string }
  | { type: 'pawnPlaced'; seat: Seat; cell: CellKey; card?: string }
  | { type: 'pawnMoved'; seat: Seat; cell: CellKey; card?: string }
  | { type: 'tokensCleared'; seat: Seat; cell: CellKey; card?: string; count: number }
  | { type: 'propertyShutDown'; seat: Seat; cell: CellKey; card?: string; points: number }
  | { type: 'businessExpanded'; card: string; cell: CellKey }
  | { type: 'mobActivityDrawn'; card: string }
  | { type: 'mobDeckReshuffled' }
  | { type: 'masterCrimesShuffledIn'; crimes: string[] }
  | { type: 'mobTokenPlaced'; cell: CellKey; card?: string }
  | { type: 'mobBossAdvanced'; spaces: number };

export type EventOf<T extends MobTownEvent['type']> = Extract<MobTownEvent, { type: T }>;
