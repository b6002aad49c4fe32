/**
 * The city as tiles on a square grid: the starting shape, orthogonal
 * adjacency, and where a tile may be moved so the city stays one
 * orthogonally connected group.
 */
import type { NeighborhoodId } from './data/tiles';
import { neighborhoodsInOrder } from './board';
import type { Cell, Neighborhood, State } from './state';

const cellKey = (cell: Cell) => `${cell.x},${cell.y}`;

const orthogonalCells = (cell: Cell): Cell[] => [
  { x: cell.x + 1, y: cell.y },
  { x: cell.x - 1, y: cell.y },
  { x: cell.x, y: cell.y + 1 },
  { x: cell.x, y: cell.y - 1 },
];

/**
 * The tightest simple shape for `count` tiles: rows of ceil(sqrt(count))
 * tiles, filled top to bottom (11 tiles: 4+4+3; 14: 4+4+4+2; 17: 5+5+5+2).
 */
export function compactCells(count: number): Cell[] {
  const width = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, i) => ({ x: i % width, y: Math.floor(i / width) }));
}

/** True when the cells form one group touching along edges. */
export function isConnected(cells: readonly Cell[]): boolean {
  if (cells.length === 0) return true;
  const remaining = new Set(cells.map(cellKey));
  const stack = [cells[0]];
  remaining.delete(cellKey(cells[0]));
  while (stack.length > 0) {
    const cell = stack.pop()!;
    for (const next of orthogonalCells(cell)) {
      if (remaining.delete(cellKey(next))) stack.push(next);
    }
  }
  return remaining.size === 0;
}

/** Neighborhoods sharing an edge with `id`, in deal order. */
export function adjacentNeighborhoods(state: State, id: NeighborhoodId): Neighborhood[] {
  const center = state.neighborhoods[id];
  return neighborhoodsInOrder(state).filter((n) => Math.abs(n.x - center.x) + Math.abs(n.y - center.y) === 1);
}

/**
 * Empty cells where neighborhood `id` may be moved: a new place that
 * keeps every tile, the moved one included, in one connected group.
 */
export function relocationTargets(state: State, id: NeighborhoodId): Cell[] {
  const others = neighborhoodsInOrder(state).filter((n) => n.id !== id);
  const occupied = new Set(neighborhoodsInOrder(state).map(cellKey));
  const candidates = new Map<string, Cell>();
  for (const other of others) {
    for (const cell of orthogonalCells(other)) {
      if (!occupied.has(cellKey(cell))) candidates.set(cellKey(cell), cell);
    }
  }
  return [...candidates.values()].filter((cell) => isConnected([...others, cell])).sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The grid's bounding box, for drawing. */
export function bounds(cells: readonly Cell[]): { minX: number; minY: number; width: number; height: number } {
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return { minX, minY, width: Math.max(...xs) - minX + 1, height: Math.max(...ys) - minY + 1 };
}
