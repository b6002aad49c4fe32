/**
 * Events the server itself writes into a game's stream, beside the
 * ruleset's own events. Their types all start with `game.`, which no
 * ruleset may use.
 */
import type { BotLevel } from '../rules/bots';

export const PLATFORM_EVENT_PREFIX = 'game.';

export const GameCreated = 'game.created';
export const SeatTaken = 'game.seatTaken';
/** A seated player other than the host gave up their seat before the game started: `SeatGivenUpPayload`. */
export const SeatGivenUp = 'game.seatGivenUp';
export const GameStarted = 'game.started';
/** Host rollback: the state becomes the state at `toVersion`. */
export const GameRolledBack = 'game.rolledBack';
/** A player took back their own last step: the state becomes the state at `toVersion`. */
export const MoveUndone = 'game.moveUndone';
/** The host invited an address to take a seat: `{ invitationId }` (src/invitations/), in older games `{ userId }`. */
export const PlayerInvited = 'game.playerInvited';
/** The invitee declined an invitation before the game started: `InvitationDeclinedPayload`, written by the invitee. */
export const InvitationDeclined = 'game.invitationDeclined';
/** A seat's move deadline passed (see src/deadlines/). */
export const DeadlinePassed = 'game.deadlinePassed';
export const DeadlineExtended = 'game.deadlineExtended';
/** A seat that ran out of time was passed over; the ruleset's own events for that follow. */
export const TurnSkipped = 'game.turnSkipped';
/** The host ended the game early: it is finished with the current result. */
export const EndedByHost = 'game.endedByHost';
/** A bot made the move of the step that follows, for `seat` (`BotMovedPayload`): written by the server, credited to the bot. */
export const BotMoved = 'game.botMoved';
/** Nobody started the table in the days it may stay open (`TableExpiredPayload`): nothing can happen in it any more. */
export const TableExpired = 'game.tableExpired';
/** The game finished: its server seed is public now, so that anyone can check every draw. */
export const SeedRevealed = 'game.seedRevealed';

// The game's life: leaving, takebacks and ending by agreement. Each one's rule
// (when it may be written, what it does) is in src/play/game-life.ts alone.

/** A player left the game for good: `SeatLeftPayload`, written by that player. */
export const PlayerResigned = 'game.resigned';
/** The host took out a seat whose move deadline had passed: `SeatLeftPayload` with `deadlinePassedSeq`. */
export const PlayerRemoved = 'game.playerRemoved';
/** A seated player asks to return the game to `toVersion`: `TakebackRequestedPayload`. */
export const TakebackRequested = 'game.takebackRequested';
/** A seat asked about a takeback answered: `ProposalAnsweredPayload`. */
export const TakebackAnswered = 'game.takebackAnswered';
/** Every seat asked agreed: the state becomes the state at `toVersion` (`TakenBackPayload`), as after a rollback. */
export const TakenBack = 'game.takenBack';
/** Whoever made the pending takeback request or proposal to end took it back before everyone answered: `{ seat, proposalSeq }`. */
export const ProposalWithdrawn = 'game.proposalWithdrawn';
/** A takeback request or proposal to end went unanswered until it expired: `{ proposalSeq }`. */
export const ProposalLapsed = 'game.proposalLapsed';
/**
 * Substitutes: a seat offered to someone else (by its player, or by the host
 * once the seat's move deadline passed), as an invitation: `SeatOfferedPayload`.
 * A newer offer of the same seat replaces the older one.
 */
export const SeatOffered = 'game.seatOffered';
/** The offer of a seat taken back before anyone accepted it: `SeatOfferWithdrawnPayload`. */
export const SeatOfferWithdrawn = 'game.seatOfferWithdrawn';
/** The invitee accepted the offer: the seat is theirs from here on (`SeatReassignedPayload`), its earlier moves stay its earlier player's. */
export const SeatReassigned = 'game.seatReassigned';
/** A seated player proposes to end the game with the current result: `{ seat, expiresAt }`. */
export const EndProposed = 'game.endProposed';
/** A seat asked about ending the game answered: `ProposalAnsweredPayload`. */
export const EndAnswered = 'game.endAnswered';
/** Every seat agreed: the game is finished with the current result. */
export const EndedByAgreement = 'game.endedByAgreement';

/** What may happen to a seat whose move deadline passed. */
export type DeadlineAction = 'EXTEND' | 'SKIP' | 'END';

/** A time bank: each seat's own, running only during its turns (src/play/platform/clocks.ts). */
export interface TimeBank {
  initialHours: number;
  /** Added whenever the seat's turn ends, up to `maxHours`. */
  incrementHours: number;
  maxHours: number;
}

/** What happens as a deadline passes: an action at once, a bot playing the seat's turn (`BOT`), or the host's choice later (`ASK_HOST`). */
export type DeadlineExpiry = DeadlineAction | 'BOT' | 'ASK_HOST';

/** A seat given to a bot at the creation. */
export interface BotSeat {
  seat: number;
  level: BotLevel;
}

/** What becomes of a seat whose player leaves during play: passed over (`SKIP`) or played by a bot (`BOT`). */
export type WhenPlayerLeaves = 'SKIP' | 'BOT';

export interface BotMovedPayload {
  seat: number;
  level: BotLevel;
}

/** Correspondence play: how long each seat has to act, and what then. */
export interface MoveDeadlineSettings {
  /** The time of every turn; absent in a game with a time bank instead. */
  hoursPerMove?: number;
  /** Each seat's time bank; absent in a game with `hoursPerMove`. */
  bank?: TimeBank;
  /** No clock runs from Saturday 00:00 to Monday 00:00 in its player's time zone (recorded with the seat); absent: weekends count. */
  pauseOnWeekends?: boolean;
  /** The reminder mail goes out this long before the deadline. */
  reminderHoursBefore: number;
  /** Applied as soon as a deadline passes (`BOT`: a bot plays the seat's turn), or `ASK_HOST` to let the host choose then. */
  onExpiry: DeadlineExpiry;
}

export interface GameCreatedPayload {
  ruleset: string;
  /** The ruleset's `version` the game was created under; absent in games stored before versions (1). */
  rulesetVersion?: number;
  seats: number;
  options: Record<string, unknown>;
  /** SHA-256 of the server seed (src/randomness/draw-recipe.ts), public from the start; absent in games stored before it. */
  commitment?: string;
  /** How draw positions are counted (DRAW_RECIPE in src/randomness/draw-recipe.ts); absent in games stored before: 1. */
  drawRecipe?: number;
  /** The host chose the seed (only where ALLOW_FIXED_SEEDS is on): everyone should know. */
  fixedSeed?: boolean;
  /**
   * Games stored before commitments kept their seed here instead (secret
   * while the game runs, see history.ts); they count as fixed-seed games.
   */
  seed?: string;
  hostId: string;
  /** The game's name as the lobby lists it; absent in games stored before names. */
  name?: string;
  /** A private game is listed to nobody else and joined through its invite link or an invitation; absent: public. */
  visibility?: 'PUBLIC' | 'PRIVATE';
  /** The finished game this one is the rematch of. */
  rematchOf?: string;
  /** It starts by itself as its last seat is taken (its host let it at its creation); absent (and in games stored before): when its host starts it. */
  autoStart?: boolean;
  /** The group (club, src/groups/) it was created in: only the group's members may join; absent: anyone may. */
  groupId?: string;
  /** Absent: no move deadlines. */
  moveDeadline?: MoveDeadlineSettings;
  /** Seats played by bots from the start, by seat; absent: none. */
  bots?: BotSeat[];
  /** `BOT`: a bot plays the seat of a player who leaves during play; absent: they are passed over. */
  whenPlayerLeaves?: 'BOT';
  /** False: the host chose a game that counts for no rating; absent (and in games stored before): rated, where src/play/platform/rated-games.ts lets it be. */
  rated?: boolean;
}

export interface SeatTakenPayload {
  seat: number;
  userId: string;
  /** The player's contribution to the game's randomness, public; absent in games stored before there were any. */
  clientSeed?: string;
  /** The player's time zone as they sat down, whose weekends pause their clock: only in games that pause on weekends. */
  timeZone?: string;
}

export interface SeatGivenUpPayload {
  seat: number;
  userId: string;
}

export interface InvitationDeclinedPayload {
  /** The invitation its `game.playerInvited` named: never the invitee's address. */
  invitationId: string;
}

export interface TableExpiredPayload {
  /** How long it had been open without starting: TABLE_OPEN_DAYS then. */
  afterDays: number;
}

export interface SeedRevealedPayload {
  serverSeed: string;
}

export interface SeatLeftPayload {
  seat: number;
  /** The seat's player, for the record (their seat is theirs even once they left). */
  userId: string;
  /** `game.playerRemoved` only: the `game.deadlinePassed` event the removal rests on. */
  deadlinePassedSeq?: number;
}

export interface SeatOfferedPayload {
  seat: number;
  /** The invitation (src/invitations/) that carries the offer: never the invitee's address. */
  invitationId: string;
}

export interface SeatOfferWithdrawnPayload {
  seat: number;
  /** The seq of the `game.seatOffered` withdrawn. */
  offerSeq: number;
}

export interface SeatReassignedPayload {
  seat: number;
  /** The seat's new player, who accepted the offer. */
  userId: string;
  /** Who held the seat until now: the moves made before stay theirs. */
  previousUserId: string;
  /** The seq of the `game.seatOffered` accepted. */
  offerSeq: number;
  /** The new player's time zone, where the game pauses on weekends (as `game.seatTaken` records it). */
  timeZone?: string;
}

export interface TakebackRequestedPayload {
  seat: number;
  toVersion: number;
  reason: string;
  /** The request lapses unanswered after this (ISO time, 48 hours after it was made). */
  expiresAt: string;
}

export interface ProposalAnsweredPayload {
  seat: number;
  accept: boolean;
  /** The seq of the request or proposal answered. */
  proposalSeq: number;
}

export interface TakenBackPayload {
  toVersion: number;
  /** The seq of the `game.takebackRequested` every seat agreed to. */
  requestSeq: number;
}

export interface JumpPayload {
  toVersion: number;
  reason?: string;
}

/**
 * What caused an append the server made without a player's move, recorded
 * as the `move` of its first event (a player's move records the move itself):
 * a move deadline that passed (`game.deadlinePassed` opens the append, and
 * the game's `onExpiry` outcome may follow in it), or the host's decision
 * about one (`resolveDeadline`).
 */
export type ServerCause =
  { cause: 'deadlinePassed'; seat: number; onExpiry: DeadlineExpiry } | { cause: 'resolveDeadline'; seat: number; action: DeadlineAction };

export function isPlatformEvent(type: string): boolean {
  return type.startsWith(PLATFORM_EVENT_PREFIX);
}

/** The events that move a game back to an earlier version. */
export const JUMP_EVENT_TYPES: string[] = [GameRolledBack, MoveUndone, TakenBack];

/** The version a rollback, undo or takeback event returns the game to, else null. */
export function jumpTarget(event: { type: string; payload: Record<string, unknown> }): number | null {
  if (JUMP_EVENT_TYPES.includes(event.type)) return (event.payload as unknown as JumpPayload).toVersion;
  return null;
}
