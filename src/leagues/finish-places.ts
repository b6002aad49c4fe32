/**
 * Finish places from a finished game's result: a seat's place is the number
 * of seats that finished ahead of it (0 for first), so seats level share a
 * place. Seats that resigned (or were removed) finish behind the rest, the
 * first to leave last (`detail.resigned`, as src/play/game-life.ts records
 * it); then winners finish ahead of the others, and among those a higher
 * score finishes ahead. A game ended by agreement, its scores level, leaves
 * every seat level: a draw.
 */
export interface FinishedResult {
  winners?: readonly number[];
  scores?: readonly number[];
  detail?: { resigned?: readonly number[] } & Record<string, unknown>;
}

export function finishPlaces(result: FinishedResult, seats: number): number[] {
  const winners = new Set(result.winners ?? []);
  const resigned = result.detail?.resigned ?? [];
  // Compared in order: still in (later leavers ahead of earlier ones), winner, score.
  const rank = (seat: number): number[] => {
    const left = resigned.indexOf(seat);
    return [left === -1 ? resigned.length : left, winners.has(seat) ? 1 : 0, result.scores?.[seat] ?? 0];
  };
  const ahead = (a: number, b: number) => {
    const [rankA, rankB] = [rank(a), rank(b)];
    const differs = rankA.findIndex((value, i) => value !== rankB[i]);
    return differs !== -1 && rankA[differs] > rankB[differs];
  };
  const all = Array.from({ length: seats }, (_, seat) => seat);
  return all.map((seat) => all.filter((other) => ahead(other, seat)).length);
}
