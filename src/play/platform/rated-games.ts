/**
 * Whether a finished game counts for the ratings, and how: the one rule the
 * server (src/ratings/, as a game ends and in `npm run ratings:rebuild`) and
 * `npm run ratings -- <records>` both apply, to a game's events and its
 * recorded result alone. Pure, like the decider.
 *
 * Never rated: games the host created unrated (`rated: false`; records
 * without the field are rated), games with bots given seats at the creation,
 * fixed-seed games, games with fewer than two different players, games a
 * deadline ended (its `END`, or the host removing a late player) before
 * every seat made a move of its own, and results of the rules that rank every
 * seat alike with no scores (a cooperative game, won or lost together; an
 * agreed end that ranks nobody is a draw, and rated). A bot playing
 * the turn of a player who ran out of time or left does not unrate a game:
 * else letting one's clock run out would void a lost game.
 */
import {
  type BotSeat,
  EndedByHost,
  GameCreated,
  type GameCreatedPayload,
  isPlatformEvent,
  PlayerRemoved,
  PlayerResigned,
  SeatGivenUp,
  SeatReassigned,
  SeatTaken,
  SeedRevealed,
} from '../platform-events';
import { seatPlaces } from './finish-places';

/** What the rule reads of an event: a record's event or a stored one. */
export interface RatedGameEvent {
  type: string;
  payload: Record<string, unknown>;
  actorSeat: number | null;
  actorUserId: string | null;
  stepStart: boolean;
  /** ISO 8601. */
  at: string;
}

/** A finished game's result as recorded (the `games.result` column, a record's `result`). */
export interface RecordedResult {
  scores: number[] | null;
  winners: number[];
  detail: Record<string, unknown> | null;
}

export type UnratedReason = 'NOT_RATED_BY_HOST' | 'BOTS' | 'FIXED_SEED' | 'FEWER_THAN_TWO_PLAYERS' | 'DEADLINE_BEFORE_FIRST_ROUND' | 'NO_RANKING';

/** A player's place in a rated game: 1 is first; players who tie share a place. */
export interface RankedPlayer {
  userId: string;
  rank: number;
}

export interface RatedGame {
  gameId: string;
  ruleset: string;
  /** The group the game was played in (`GameCreatedPayload.groupId`); null: none. */
  groupId: string | null;
  /** When the append that finished it was made (ISO 8601): the order games are rated in, then by id. */
  endedAt: string;
  /** Every seat's player, best first. */
  ranking: RankedPlayer[];
}

export type RatingVerdict = ({ rated: true } & RatedGame) | { rated: false; reason: UnratedReason };

/** Why a game created with these settings could never be rated, in a player's words; null: it may be. */
export function unratableAtCreation(game: { bots: readonly BotSeat[]; fixedSeed: boolean }): string | null {
  if (game.bots.length > 0) return 'A game with bots';
  return game.fixedSeed ? 'A game with a fixed seed' : null;
}

/** Who holds each seat at the end: seats taken, given up, and handed over to a substitute (who gets the seat's result). */
function seatHolders(events: readonly RatedGameEvent[], seats: number): (string | null)[] {
  const holders: (string | null)[] = Array.from({ length: seats }, () => null);
  for (const event of events) {
    const seat = event.payload.seat as number;
    if (event.type === SeatTaken || event.type === SeatReassigned) holders[seat] = event.payload.userId as string;
    if (event.type === SeatGivenUp) holders[seat] = null;
  }
  return holders;
}

/** A deadline ended the game: its `END` (by the game's settings or the host's choice), or the removal of a late player that left too few. */
function endedByDeadline(events: readonly RatedGameEvent[], result: RecordedResult): boolean {
  const deadlineEnd = events.some((event) => event.type === EndedByHost && typeof event.payload.seat === 'number');
  const lastLeft = [...events].reverse().find((event) => event.type === PlayerRemoved || event.type === PlayerResigned);
  return deadlineEnd || (result.detail?.endedByResignation === true && lastLeft?.type === PlayerRemoved);
}

/** Ended by agreement or by the host (a deadline's end among them) with the result as it stood: a draw, where it ranks nobody. */
function endedEarly(result: RecordedResult): boolean {
  return result.detail?.endedByAgreement === true || result.detail?.endedByHost !== undefined;
}

/** Every seat made a move of its own (a step its player started), so the first round is over. */
function everySeatMoved(events: readonly RatedGameEvent[], seats: number): boolean {
  const moved = new Set(events.filter((e) => e.stepStart && e.actorUserId !== null && !isPlatformEvent(e.type)).map((e) => e.actorSeat));
  return Array.from({ length: seats }, (_, seat) => seat).every((seat) => moved.has(seat));
}

/** Whether `events`, the whole stream of a finished game `gameId` with its recorded `result`, count for the ratings, and how. */
export function ratingVerdict(gameId: string, events: readonly RatedGameEvent[], result: RecordedResult): RatingVerdict {
  const created = events.find((event) => event.type === GameCreated)?.payload as unknown as GameCreatedPayload;
  if (created.rated === false) return { rated: false, reason: 'NOT_RATED_BY_HOST' };
  if (created.bots?.length) return { rated: false, reason: 'BOTS' };
  // Games stored before commitments kept their seed in the creation: fixed-seed games (game-state.ts).
  if (created.fixedSeed ?? true) return { rated: false, reason: 'FIXED_SEED' };
  const holders = seatHolders(events, created.seats);
  const players = holders.filter((holder): holder is string => holder !== null);
  if (new Set(players).size !== created.seats || players.length < 2) return { rated: false, reason: 'FEWER_THAN_TWO_PLAYERS' };
  if (endedByDeadline(events, result) && !everySeatMoved(events, created.seats)) return { rated: false, reason: 'DEADLINE_BEFORE_FIRST_ROUND' };
  const places = seatPlaces(result, created.seats);
  if (places.every((place) => place === 1) && !result.scores && !endedEarly(result)) return { rated: false, reason: 'NO_RANKING' };
  const end = events.find((event) => event.type === SeedRevealed) ?? events[events.length - 1];
  return {
    rated: true,
    gameId,
    ruleset: created.ruleset,
    groupId: created.groupId ?? null,
    endedAt: new Date(end.at).toISOString(),
    ranking: players.map((userId, seat) => ({ userId, rank: places[seat] })).sort((a, b) => a.rank - b.rank),
  };
}
