/**
 * The shapes of a game's folded state and of what folds it: types only, so
 * that game-state.ts (the fold) and game-life.ts (the game's life within it)
 * both read them without importing each other.
 */
import type { GameOptions, Seat } from '../rules/contract';
import type { BotLevel } from '../rules/bots';
import type { Moment } from './moments';
import type { MoveDeadlineSettings } from './platform-events';

export interface UndoableStep {
  seat: number;
  /** The version just before the step: undoing returns here. */
  before: number;
}

export interface GameState {
  /** STATE_FORMAT when folded (absent in states stored before formats). */
  format: number;
  /** The host's user id, from `game.created`. */
  hostId: string;
  /** A private game is joined only through its invite link or an invitation. */
  visibility: 'PUBLIC' | 'PRIVATE';
  /** The group (club) the game was created in (`game.created`'s `groupId`): only its members may join; absent: anyone may. */
  groupId?: string;
  /** It starts by itself as its last seat is taken (`game.created`'s `autoStart`; absent: when its host starts it). */
  autoStart?: boolean;
  started: boolean;
  /** Set when the table expired before anyone started it (`game.tableExpired`). */
  expired?: boolean;
  /** The version play began at: after `game.started` and the ruleset's setup written with it (absent before the start). */
  startedVersion?: number;
  /** userId per seat, null while free. */
  seats: (string | null)[];
  /**
   * Before the start, the invitations the host made (`game.playerInvited`)
   * that their invitees did not decline, oldest first; absent: none. Whether
   * one was taken up the invitations' table knows (a seat taken names none).
   */
  invitations?: string[];
  options: GameOptions;
  /** The ruleset's state, from `game.started` on. */
  rules: unknown;
  /** Steps their players may still take back, newest last. */
  undoable: UndoableStep[];
  /** The level of the bot each seat was given at the creation, or null; absent: no bots. */
  bots?: (BotLevel | null)[];
  /** Set when bots play the seats of players who leave during play (`whenPlayerLeaves: BOT`). */
  botsTakeOver?: true;
  /** Set when the host created the game unrated (`game.created`'s `rated: false`): its rematch is unrated too. */
  rated?: false;
  /** Set when the game was created with move deadlines. */
  moveDeadline?: MoveDeadlineSettings;
  /** Each seat's time zone as recorded when it was taken, whose weekends pause its clock (games that pause on weekends only). */
  timeZones?: (string | null)[];
  /** Set when the host, or a move deadline, ended the game before the rules did (`lateSeat`: whose deadline, in games since it is recorded). */
  endedByHost?: { reason: string; lateSeat?: number };
  /**
   * The draw position: how many events the line of play in force holds,
   * every event folded to reach this state, so not the undone or
   * rolled-back ones, nor the undo and rollback events themselves (the
   * loader makes the state after one the state it returns to); under draw
   * recipe 2, not the events that change nothing of the play either
   * (`movesDrawPosition`). The draws of the next append are keyed to it
   * (src/randomness/draw-recipe.ts), so going back and making the same move
   * again draws the same, whatever was proposed or answered meanwhile.
   */
  linePosition: number;
  /** DRAW_RECIPE of src/randomness/draw-recipe.ts when the game was created (absent: 1). */
  drawRecipe?: number;
  /** Each seat's contribution to the randomness (null while the seat is free, or in a game stored before there were any). */
  clientSeeds: (string | null)[];
  /** SHA-256 of the server seed, public from the creation. */
  commitment: string;
  /** The host chose the seed, so it is no secret to them. */
  fixedSeed: boolean;
  /** The version of the rules the game was created under (absent in states cached before versions: 1). */
  rulesetVersion?: number;
  /** Where this version stands as the history counts it (moments.ts): a move's answer counts its own events on from it. */
  moment: Moment;
  /** Seats that left, overdue deadlines, a pending takeback or proposal to end (src/play/game-life.ts); absent in states stored before. */
  life?: GameLife;
}

export interface FoldableEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  actorSeat: number | null;
  /** Null for the server's own (a deadline's skip); absent where nobody asks. */
  actorUserId?: string | null;
  stepStart: boolean;
  reversible: boolean;
}

export type ProposalKind = 'takeback' | 'end';

/** A takeback request or a proposal to end the game, waiting for answers. */
export interface Proposal {
  kind: ProposalKind;
  /** The seq of the event that made it. */
  seq: number;
  seat: Seat;
  /** When every seat asked must have agreed (ISO time): later, it has lapsed. */
  expiresAt: string;
  /** Takebacks: the version the game returns to, and why. */
  toVersion?: number;
  reason?: string;
  /** The seats that agreed so far, the proposer first. */
  accepted: Seat[];
}

export interface GameLife {
  /**
   * Seats that left, in the order they did, with the seq of the event: they
   * are passed over whenever they are to act, and ranked last (the first to
   * leave lowest).
   */
  left: { seat: Seat; seq: number }[];
  /** Seats whose move deadline passed and who have not moved since: seat → seq of its `game.deadlinePassed`. */
  overdue: Record<number, number>;
  proposal: Proposal | null;
  endedByAgreement: boolean;
  /** Seats offered to a substitute and not yet taken: seat → the offer (absent in states stored before substitutes). */
  offers?: Record<number, SeatOffer>;
  /** Seats that changed hands, in order: the offers accepted, and who held the seat until then. */
  handedOver?: Array<{ seat: Seat; seq: number; invitationId: string; from: string }>;
  /** The seq of the last offer of a seat, its withdrawal or its acceptance: no undo, takeback or rollback goes back past it. */
  seatsChangedAt?: number;
}

/** A seat offered to someone else, waiting for them. */
export interface SeatOffer {
  /** The seq of its `game.seatOffered`. */
  seq: number;
  invitationId: string;
  /** Who offered it: the seat's player, or the host. */
  by: string;
}
