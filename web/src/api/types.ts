/** The shapes the GraphQL API returns, as this page asks for them (see operations.ts). */
import type { OptionSpec, Ruleset as RulesetContract } from '../../../src/rules/contract';

export type GameStatus = 'LOBBY' | 'ACTIVE' | 'FINISHED';

export interface User {
  id: string;
  displayName: string;
}

export interface Me extends User {
  email: string;
  /** A new address waiting for its link to be opened. */
  pendingEmail: string | null;
}

/** A signed-in device of the player's. */
export interface SessionInfo {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  current: boolean;
}

export interface Seat {
  index: number;
  user: User | null;
}

/** A ruleset's option schema, exactly as the server's rules contract defines it. */
export type { OptionSpec };

/** A ruleset as the API describes it: the contract's facts, without its functions. */
export type Ruleset = Pick<RulesetContract, 'id' | 'name' | 'description' | 'minSeats' | 'maxSeats' | 'options'>;

/** A move as `legalMoves` lists it: game-specific JSON with a `type`. */
export interface Move {
  type: string;
  [key: string]: unknown;
}

export interface GameResult {
  scores?: number[];
  winners?: number[];
  [key: string]: unknown;
}

export interface Game {
  id: string;
  ruleset: string;
  status: GameStatus;
  version: number;
  host: User;
  options: Record<string, unknown>;
  seats: Seat[];
  activeSeats: number[];
  mySeat: number | null;
  phase: string | null;
  view: unknown;
  legalMoves: Move[];
  canUndo: boolean;
  result: GameResult | null;
  /** Move deadlines of the seats that must act (games created with deadlines). */
  deadlines: SeatDeadline[];
  randomness: Randomness;
  updatedAt: string;
}

/** What players need to check the game's shuffles and rolls. */
export interface Randomness {
  /** SHA-256 of the server's secret seed, shown from the start. */
  commitment: string;
  /** Each seat's contribution, null while the seat is free. */
  clientSeeds: (string | null)[];
  /** The host chose the seed (a testing server only). */
  fixedSeed: boolean;
  /** The secret seed, once the game is over. */
  serverSeed: string | null;
}

export interface SeatDeadline {
  seat: number;
  deadline: string;
  /** Passed, and the host has not yet chosen what happens. */
  passed: boolean;
}

export interface MyTurn {
  seat: number;
  deadline: string | null;
  game: GameSummary;
}

/** Correspondence play: how long each move may take, and what happens after. */
export interface MoveDeadlineInput {
  hoursPerMove: number;
  onExpiry: 'ASK_HOST' | 'EXTEND' | 'SKIP' | 'END';
}

/** A game as the lobby lists it: no board, no moves. */
export type GameSummary = Pick<Game, 'id' | 'ruleset' | 'status' | 'version' | 'host' | 'seats' | 'activeSeats' | 'mySeat' | 'phase' | 'updatedAt'>;

export interface HistoryEntry {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  actorSeat: number | null;
  actor: User | null;
  at: string;
  rolledBack: boolean;
  /** The event in one sentence, as the server words it for this reader; null for bookkeeping. */
  text: string | null;
}

/** The API's NotificationKind enum: the kinds of mail a player chooses a delivery for. */
export type NotificationKind = 'YOUR_TURN' | 'INVITATION' | 'GAME_STARTED' | 'GAME_FINISHED' | 'ROLLBACK' | 'DEADLINE_REMINDER' | 'DEADLINE_PASSED';

/** Each mail at once, gathered in a daily digest, or none. */
export type Delivery = 'IMMEDIATE' | 'DIGEST' | 'OFF';

export interface KindDelivery {
  kind: NotificationKind;
  delivery: Delivery;
}

/** A vacation: the player's move deadlines pause and their mail is held for a digest. */
export interface VacationPeriod {
  startsAt: string;
  endsAt: string;
}

export interface NotificationSettings {
  /** Every kind, with the player's choice (IMMEDIATE where they made none). */
  deliveries: KindDelivery[];
  /** Current and planned vacations, soonest first. */
  vacations: VacationPeriod[];
  vacationDaysLeftThisYear: number;
  /** Mail that failed on every try in the last 30 days, newest first. */
  undeliveredEmails: UndeliveredEmail[];
}

export interface UndeliveredEmail {
  /** A NotificationKind, or DIGEST. */
  kind: string;
  gameId: string | null;
  createdAt: string;
  /** What the mail server last answered. */
  error: string;
}
