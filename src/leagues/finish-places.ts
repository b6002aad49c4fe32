/**
 * Finish places from a finished game's result: a seat's place is the number
 * of seats that finished ahead of it (0 for first), so seats level share a
 * place. Winners finish ahead of the rest; among winners, and among the
 * rest, a higher score finishes ahead. A game without winners or scores (a
 * draw agreed, say) leaves every seat level.
 */
export interface FinishedResult {
  winners?: readonly number[];
  scores?: readonly number[];
}

export function finishPlaces(result: FinishedResult, seats: number): number[] {
  const winners = new Set(result.winners ?? []);
  const rank = (seat: number): [number, number] => [winners.has(seat) ? 1 : 0, result.scores?.[seat] ?? 0];
  const ahead = (a: number, b: number) => {
    const [winA, scoreA] = rank(a);
    const [winB, scoreB] = rank(b);
    return winA > winB || (winA === winB && scoreA > scoreB);
  };
  const all = Array.from({ length: seats }, (_, seat) => seat);
  return all.map((seat) => all.filter((other) => ahead(other, seat)).length);
}
