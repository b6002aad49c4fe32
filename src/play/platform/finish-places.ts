/**
 * Finishing places from a finished game's result: the one rule the game's
 * end screen (`Game.places`), the ratings (rated-games.ts) and the leagues'
 * standings (src/leagues/league-results.ts) all read. Pure.
 */
import type { Seat } from '../../rules/contract';

/** A finished game's result as recorded (the `games.result` column, a record's `result`), as far as places need it. */
export interface FinishedResult {
  winners?: readonly Seat[];
  scores?: readonly number[] | null;
  /** `resigned`: the seats that left (resigned or were removed), first to leave first, as src/play/game-life.ts records them. */
  detail?: Record<string, unknown> | null;
}

/**
 * Each seat's place, 1 for the first: the winners first; the other seats
 * still playing by score, highest first (without scores, sharing the place
 * after the winners); seats that left last, the first to leave lowest. Seats
 * level share a place, and the next place counts them all (1, 2, 2, 4).
 */
export function seatPlaces(result: FinishedResult, seats: number): number[] {
  const winners = new Set(result.winners ?? []);
  const left = (result.detail?.resigned as readonly Seat[] | undefined) ?? [];
  // Compared in order, higher ahead: still playing (later leavers ahead of earlier ones), won, score (winners all level).
  const standing = (seat: Seat): number[] => {
    const leftAt = left.indexOf(seat);
    if (leftAt !== -1) return [leftAt, 0, 0];
    return winners.has(seat) ? [left.length, 1, 0] : [left.length, 0, result.scores?.[seat] ?? 0];
  };
  const ahead = (a: Seat, b: Seat) => {
    const [standingA, standingB] = [standing(a), standing(b)];
    const differs = standingA.findIndex((value, i) => value !== standingB[i]);
    return differs !== -1 && standingA[differs] > standingB[differs];
  };
  const all = Array.from({ length: seats }, (_, seat) => seat);
  return all.map((seat) => 1 + all.filter((other) => ahead(other, seat)).length);
}
