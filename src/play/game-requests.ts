/**
 * What a caller asks of GameService to create a game or take a seat, beyond
 * the command itself: the host's choices as the API takes them, and the facts
 * other modules know (a rematch's seats, group membership, invitations).
 */
import type { ExtraWrites } from './loaded-game';
import type { GameVisibility, JoinAccess } from './platform/lobby';
import type { MoveDeadlineInput } from './platform/options';
import type { BotSeat, WhenPlayerLeaves } from './platform-events';

export interface CreateGameInput {
  ruleset: string;
  seats: number;
  options?: unknown;
  /** A fixed server seed (only where ALLOW_FIXED_SEEDS is on); absent: a secret random one. */
  seed?: string | null;
  /** The host's contribution to the randomness; absent: the server makes one. */
  clientSeed?: string | null;
  /** Correspondence play; absent: no move deadlines. */
  moveDeadline?: MoveDeadlineInput | null;
  /** Absent: "<host>'s <game>". */
  name?: string | null;
  /** Absent: PUBLIC. */
  visibility?: GameVisibility | null;
  /** Starts by itself as its last seat is taken (absent: it does), or waits for its host to start it. */
  autoStart?: boolean | null;
  /** Seats played by bots from the start (every seat: a game of bots alone, which its host watches); absent: none. */
  bots?: BotSeat[] | null;
  /** What becomes of the seat of a player who leaves during play; absent: SKIP. */
  whenPlayerLeaves?: WhenPlayerLeaves | null;
  /** The group (club) the game is created in; absent: none. */
  groupId?: string | null;
  /** Whether the game counts for ratings; absent: it does, where it may. */
  rated?: boolean | null;
}

/** Where a new game's host sits, and what it follows (rematches). */
export interface GamePlacement {
  /** Absent: 0. */
  hostSeat?: number;
  rematchOf?: string;
  /** Whether the host is a member of the group the game is created in (src/groups/ knows); absent: not. */
  hostInGroup?: boolean;
}

/** Taking a seat: where, with which seed, and what the caller knows of who may (src/invitations/). */
export interface JoinRequest {
  seat?: number | null;
  clientSeed?: string | null;
  /** Absent: a public game anyone may join, no seat kept. */
  access?: JoinAccess;
  alsoWrite?: ExtraWrites;
}
