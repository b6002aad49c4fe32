/**
 * A player's reliability, as Board Game Arena shows it: of the turns they
 * had, how many ran out of time, and of the games they played, how many
 * they left. Counted from a finished game's events, once, as it ends.
 * Pure.
 */
import type { RatedGameEvent } from '../play/platform/rated-games';
import { DeadlinePassed, isPlatformEvent, PlayerRemoved, PlayerResigned, SeatGivenUp, SeatReassigned, SeatTaken } from '../play/platform-events';

export interface Reliability {
  /** Turns whose move deadline passed before the player moved. */
  turnsTimedOut: number;
  /** The moves the player made, and the turns that ran out of time. */
  turns: number;
  /** Games the player resigned or was removed from. */
  gamesLeft: number;
  games: number;
}

export const NO_GAMES: Reliability = { turnsTimedOut: 0, turns: 0, gamesLeft: 0, games: 0 };

/** What one finished game adds to each of its players' reliability: everyone who held a seat in it as it started or took one over later. */
export function reliabilityIn(events: readonly RatedGameEvent[]): Map<string, Reliability> {
  const players = new Map<string, Reliability>();
  const of = (userId: string) => players.get(userId) ?? players.set(userId, { ...NO_GAMES, games: 1 }).get(userId)!;
  for (const event of events) {
    if (event.type === SeatTaken || event.type === SeatReassigned) of(event.payload.userId as string);
    // Given up before the start: they did not play it.
    if (event.type === SeatGivenUp) players.delete(event.payload.userId as string);
    if (event.type === DeadlinePassed) {
      const player = of(event.payload.userId as string);
      player.turnsTimedOut++;
      player.turns++;
    }
    if (event.type === PlayerResigned || event.type === PlayerRemoved) of(event.payload.userId as string).gamesLeft++;
    if (event.stepStart && event.actorUserId !== null && !isPlatformEvent(event.type)) of(event.actorUserId).turns++;
  }
  return players;
}
