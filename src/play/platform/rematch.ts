/**
 * A rematch of a finished game, as the platform rules it: only a player
 * seated in the game may ask for one, only once the game is over, and a game
 * has one rematch at most: whoever asks first hosts it, and asking again
 * takes one's seat in it. The rematch seats the same players one seat further
 * round (the second player goes first where seat order decides). Pure.
 */
import { type GameState, seatOf } from '../game-state';
import { type Refusal, refuse } from './decision';
import { type GameAt, phaseOf } from './game-at';

/** A player of the old game and the seat kept for them in the rematch. */
export interface RematchSeat {
  playerId: string;
  seat: number;
}

export type RematchDecision =
  /** The first to ask: a new game, the asker hosting at `hostSeat`, everyone else given theirs. */
  | { ok: true; kind: 'create'; hostSeat: number; others: RematchSeat[] }
  /** Someone asked before: the asker takes their seat in that rematch. */
  | { ok: true; kind: 'join'; rematchId: string }
  | Refusal;

/** Why `actor` may not ask for the game's rematch (or take their seat in it), or null. */
export function rematchRefusal(game: GameAt, actor: string | null): Refusal | null {
  if (seatOf(game.state, actor ?? undefined) === null) return refuse('FORBIDDEN', 'Only the players of a game can ask for its rematch.');
  if (phaseOf(game) !== 'FINISHED') return refuse('GAME_NOT_ACTIVE', 'A rematch can be asked for once the game is over.');
  return null;
}

/** `actor` asks for the game's rematch; `existing` is the one someone asked for before, if any. */
export function decideRematch(game: GameAt, actor: string | null, existing: string | null): RematchDecision {
  const refused = rematchRefusal(game, actor);
  if (refused) return refused;
  if (existing !== null) return { ok: true, kind: 'join', rematchId: existing };
  const { seats } = game.state;
  const hostSeat = rematchSeat(game.state, seatOf(game.state, actor!)!);
  const others = seats.flatMap((playerId, seat) => (playerId && playerId !== actor ? [{ playerId, seat: rematchSeat(game.state, seat) }] : []));
  return { ok: true, kind: 'create', hostSeat, others };
}

/** Where the player of `seat` sits in the rematch: one seat further round. */
function rematchSeat(state: GameState, seat: number): number {
  return (seat + state.seats.length - 1) % state.seats.length;
}
