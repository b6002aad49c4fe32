/**
 * Tables for games of three or more seats, where no pairing library fits:
 * every round seats the players in tables of `seatsPerGame`, the fewest
 * byes first sitting out when the count does not divide, and then swaps
 * players between tables while a swap makes the round better. Better means,
 * in this order of weight: no table that met before, pairs that met least
 * (squared, so meetings spread evenly), and (for Swiss) players close in the
 * standings. Pure and deterministic: the same inputs give the same tables.
 */

/** What the players have done in the league so far. */
export interface TableHistory {
  /** Every earlier table, its players in any order. */
  tables: readonly (readonly string[])[];
  /** Every earlier bye, one entry per bye. */
  byes: readonly string[];
}

export interface SeatedRound {
  /** Each table's players (not yet in seat order). */
  tables: string[][];
  byes: string[];
}

const REPEATED_TABLE = 1_000_000;
const PAIR_MET = 1_000;

/**
 * One round's tables for `order` (Swiss: best standing first; a round
 * robin: the order drawn). `standingWeight` 0 ignores the order once the
 * tables are first cut.
 */
export function seatTables(order: readonly string[], seatsPerGame: number, history: TableHistory, standingWeight: number): SeatedRound {
  const byes = chooseByes(order, order.length % seatsPerGame, history.byes);
  const seated = order.filter((player) => !byes.includes(player));
  const tables = Array.from({ length: seated.length / seatsPerGame }, (_, i) => seated.slice(i * seatsPerGame, (i + 1) * seatsPerGame));
  const cost = tableCost(history, new Map(order.map((player, i) => [player, i])), standingWeight);
  while (improveOnce(tables, cost));
  return { tables, byes };
}

/** Those who sit out: the fewest byes so far first, and of those the last in `order`. */
function chooseByes(order: readonly string[], count: number, earlier: readonly string[]): string[] {
  const byesOf = (player: string) => earlier.filter((had) => had === player).length;
  const fromLast = [...order].reverse();
  return fromLast
    .map((player, i) => ({ player, byes: byesOf(player), i }))
    .sort((a, b) => a.byes - b.byes || a.i - b.i)
    .slice(0, count)
    .map(({ player }) => player);
}

function tableKey(players: readonly string[]): string {
  return JSON.stringify([...players].sort());
}

function tableCost(history: TableHistory, place: ReadonlyMap<string, number>, standingWeight: number): (table: readonly string[]) => number {
  const metBefore = new Set(history.tables.map(tableKey));
  const meetings = new Map<string, number>();
  for (const table of history.tables) for (const pair of pairsOf(table)) meetings.set(pair, (meetings.get(pair) ?? 0) + 1);
  return (table) => {
    const repeated = metBefore.has(tableKey(table)) ? REPEATED_TABLE : 0;
    const pairs = pairsOf(table).reduce((sum, pair) => sum + PAIR_MET * (meetings.get(pair) ?? 0) ** 2, 0);
    const places = table.map((player) => place.get(player) ?? 0);
    return repeated + pairs + standingWeight * (Math.max(...places) - Math.min(...places));
  };
}

function pairsOf(table: readonly string[]): string[] {
  const sorted = [...table].sort();
  return sorted.flatMap((a, i) => sorted.slice(i + 1).map((b) => JSON.stringify([a, b])));
}

/** Makes the first swap of two players between two tables that lowers the round's cost; false when none does. */
function improveOnce(tables: string[][], cost: (table: readonly string[]) => number): boolean {
  for (let a = 0; a < tables.length; a++) {
    for (let b = a + 1; b < tables.length; b++) {
      if (swapBetween(tables, a, b, cost)) return true;
    }
  }
  return false;
}

function swapBetween(tables: string[][], a: number, b: number, cost: (table: readonly string[]) => number): boolean {
  const before = cost(tables[a]) + cost(tables[b]);
  for (let i = 0; i < tables[a].length; i++) {
    for (let j = 0; j < tables[b].length; j++) {
      const first = tables[a].map((player, k) => (k === i ? tables[b][j] : player));
      const second = tables[b].map((player, k) => (k === j ? tables[a][i] : player));
      if (cost(first) + cost(second) < before) {
        tables[a] = first;
        tables[b] = second;
        return true;
      }
    }
  }
  return false;
}
