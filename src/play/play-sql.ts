/**
 * Play's read contract for other modules' SQL. Play owns the tables `games`
 * (a game's row and the lobby's read model) and `game_seats` (who sits
 * where, and whether they left), and reads the event store's `game_events`
 * as a game's history; no module above names them. A module whose
 * statement needs a game or its seats (the mail worker's one statement per
 * mail, a mail's "no longer true" rules, invitations' lists) composes these
 * fragments into its own SQL, so it pays no extra round trip and loads no
 * game, and each notion (a seat to act, a seat still held, a game waiting
 * for players...) has this one definition, which play's own statements
 * (games.repository.ts) use too.
 *
 * Each function takes the outer query's SQL expressions (`n.game_id`,
 * `$1::uuid`) and returns a predicate, or a table to read from with the
 * columns it names. Expressions are pasted in as given: pass SQL, never
 * input. Inside, the tables go by aliases of their own (`play_game`,
 * `play_seat`, `play_event`), so they never hide an outer alias the
 * expressions name.
 * Those on a row (`inPhase`, `toAct`, `notLeft`) take an alias of play's
 * table itself: they are for play's own statements.
 */
import type { StoredPhase } from './platform/game-at';
import { PLATFORM_EVENT_PREFIX } from './platform-events';

/** The columns of a game other modules may read (the lobby's read model and the game's settings). */
const GAME_COLUMNS = ['id', 'status', 'ruleset', 'host_id', 'name', 'version', 'result', 'seat_count', 'group_id', 'updated_at']
  .map((column) => `play_game.${column}`)
  .join(', ');

/** Row `g` of `games` is in `phase`: LOBBY waits for players, ACTIVE is being played. */
export function inPhase(g: string, phase: StoredPhase): string {
  return `${g}.status = '${phase}'`;
}

/** Row `g` of `games` is being played and waits on `seat` (whoever plays it: a bot that took it over may be yet to move). */
export function toAct(g: string, seat: string): string {
  return `${inPhase(g, 'ACTIVE')} AND ${seat} = ANY (${g}.active_seats)`;
}

/** Row `s` of `game_seats` is still played by its player: they have not left the game (`leftSeats` in game-life.ts). */
export function notLeft(s: string): string {
  return `${s}.left_at IS NULL`;
}

/**
 * Table: the game `gameId`, if there is one, with columns id, status,
 * ruleset, host_id, name, version, result, seat_count, group_id and
 * updated_at (its last change).
 */
export function gameRow(gameId: string): string {
  return `(SELECT ${GAME_COLUMNS} FROM games play_game WHERE play_game.id = ${gameId})`;
}

/** Table: the games in `phase`, with the columns of `gameRow`. */
export function gamesInPhase(phase: StoredPhase): string {
  return `(SELECT ${GAME_COLUMNS} FROM games play_game WHERE ${inPhase('play_game', phase)})`;
}

/** Table: who sits where in the game `gameId`, with columns index (the seat) and user_id, a player who left included. */
export function seatsOf(gameId: string): string {
  return `(SELECT play_seat.index, play_seat.user_id FROM game_seats play_seat WHERE play_seat.game_id = ${gameId})`;
}

/** The game `gameId` is in `phase`. */
export function gameInPhase(gameId: string, phase: StoredPhase): string {
  return `EXISTS (SELECT 1 FROM games play_game WHERE play_game.id = ${gameId} AND ${inPhase('play_game', phase)})`;
}

/** The game `gameId` is being played and waits on `seat`. */
export function seatToAct(gameId: string, seat: string): string {
  return `EXISTS (SELECT 1 FROM games play_game WHERE play_game.id = ${gameId} AND ${toAct('play_game', seat)})`;
}

/** `userId` holds `seat` of the game `gameId` and has not left the game. */
export function seatHeldBy(gameId: string, seat: string, userId: string): string {
  return `EXISTS (SELECT 1 FROM game_seats play_seat
    WHERE play_seat.game_id = ${gameId} AND play_seat.index = ${seat} AND play_seat.user_id = ${userId} AND ${notLeft('play_seat')})`;
}

/** `userId` has a seat in the game `gameId` (having left it or not). */
export function seatedIn(gameId: string, userId: string): string {
  return `EXISTS (SELECT 1 FROM game_seats play_seat WHERE play_seat.game_id = ${gameId} AND play_seat.user_id = ${userId})`;
}

/** `seat` of the game `gameId` is taken. */
export function seatTaken(gameId: string, seat: string): string {
  return `EXISTS (SELECT 1 FROM game_seats play_seat WHERE play_seat.game_id = ${gameId} AND play_seat.index = ${seat})`;
}

/**
 * Row `e` of `game_events` is a move `userId` made: an event of the game's
 * rules they asked for, not one of the platform's (`game.*`: an undo, a
 * proposal, a deadline passing...), as `isPlatformEvent` has it.
 */
export function ownMove(e: string, userId: string): string {
  return `${e}.actor_user_id = ${userId} AND ${e}.type NOT LIKE '${PLATFORM_EVENT_PREFIX}%'`;
}

/** `userId` has moved (`ownMove`) in the game `gameId` since its version `version`. */
export function movedSince(gameId: string, version: string, userId: string): string {
  return `EXISTS (SELECT 1 FROM game_events play_event
    WHERE play_event.game_id = ${gameId} AND play_event.seq > ${version} AND ${ownMove('play_event', userId)})`;
}
