/** The city grid: cells, the arrow rule, adjacency, connection paths and groups. */
import type { Seat } from '../../rules/contract';
import type { Arrow } from './data/properties';
import { lotCard } from './cards';
import { cellKey, inBoardOrder, toCell, type Cell, type CellKey } from './cells';
import type { Lot, Owner, State } from './state';

const STEP: Record<Arrow, Cell> = { up: [-1, 0], right: [0, 1], down: [1, 0], left: [0, -1] };

/** Each cell's neighbours worked out once (see cells.ts): walks of the city ask for them at every step. */
const neighbourKeys = new Map<CellKey, readonly CellKey[]>();

export function neighbours(key: CellKey): readonly CellKey[] {
  let keys = neighbourKeys.get(key);
  if (!keys) {
    const [row, col] = toCell(key);
    keys = Object.freeze(Object.values(STEP).map(([dr, dc]) => cellKey([row + dr, col + dc])));
    neighbourKeys.set(key, keys);
  }
  return keys;
}

/**
 * The arrow rule: the next card goes next to `from` in the direction of its
 * arrow; when that cell is taken, it goes to the first free cell further
 * along the same line.
 */
export function nextCellByArrow(city: Record<CellKey, Lot>, from: CellKey): CellKey {
  const [dr, dc] = STEP[lotCard(city[from].card).arrow];
  let [row, col] = toCell(from);
  do {
    row += dr;
    col += dc;
  } while (city[cellKey([row, col])]);
  return cellKey([row, col]);
}

/** Lays out a whole city from an ordered list of cards by the arrow rule. */
export function layOutCity(cards: readonly string[]): { cell: CellKey; card: string }[] {
  const city: Record<CellKey, Lot> = {};
  let last: CellKey | null = null;
  return cards.map((card) => {
    const cell: CellKey = last === null ? '0,0' : nextCellByArrow(city, last);
    city[cell] = { card, tokens: [], shutDown: false };
    last = cell;
    return { cell, card };
  });
}

/** Empty cells along any edge of the city (orthogonally next to a card). */
export function edgeCells(city: Record<CellKey, Lot>): CellKey[] {
  const cells = Object.keys(city)
    .flatMap(neighbours)
    .filter((key) => !city[key]);
  return inBoardOrder([...new Set(cells)]);
}

export function controller(lot: Lot): Owner | null {
  return lot.tokens.length ? lot.tokens[lot.tokens.length - 1] : null;
}

export function controlledCells(state: State, seat: Seat): CellKey[] {
  return inBoardOrder(Object.keys(state.city).filter((key) => controller(state.city[key]) === seat));
}

/** Distances (in steps between cards) from the `sources` to every card of the city. */
export function distancesFrom(city: Record<CellKey, Lot>, sources: readonly CellKey[]): Record<CellKey, number> {
  const distance: Record<CellKey, number> = {};
  let frontier = [...sources];
  for (const key of frontier) distance[key] = 0;
  for (let d = 1; frontier.length; d++) {
    const next: CellKey[] = [];
    for (const key of frontier) {
      for (const n of neighbours(key)) {
        if (city[n] && distance[n] === undefined) {
          distance[n] = d;
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return distance;
}

/**
 * Every shortest path of cards from `target` to the nearest of the sources
 * that `distance` was measured from, as the cards strictly between the two
 * ends (nearest the target first). No paths when the target is unreachable.
 */
export function shortestConnections(distance: Record<CellKey, number>, target: CellKey): CellKey[][] {
  if (distance[target] === undefined) return [];
  const paths: CellKey[][] = [];
  const walk = (key: CellKey, between: CellKey[]) => {
    const d = distance[key];
    if (d === 0) {
      paths.push(between);
      return;
    }
    for (const n of neighbours(key)) {
      if (distance[n] === d - 1) walk(n, distance[n] === 0 ? between : [...between, n]);
    }
  };
  walk(target, []);
  return paths;
}

/** Orthogonally connected groups among `cells`. */
export function groups(cells: readonly CellKey[]): CellKey[][] {
  const remaining = new Set(cells);
  const result: CellKey[][] = [];
  for (const start of cells) {
    if (!remaining.has(start)) continue;
    remaining.delete(start);
    const group = [start];
    for (let i = 0; i < group.length; i++) {
      for (const n of neighbours(group[i])) {
        if (remaining.delete(n)) group.push(n);
      }
    }
    result.push(group);
  }
  return result;
}

/** Cards reachable from `from` in 1..`steps` orthogonal moves over the city (co-op pawns). */
export function cellsWithin(city: Record<CellKey, Lot>, from: CellKey, steps: number): CellKey[] {
  const distance = distancesFrom(city, [from]);
  return inBoardOrder(Object.keys(distance).filter((key) => distance[key] >= 1 && distance[key] <= steps));
}
