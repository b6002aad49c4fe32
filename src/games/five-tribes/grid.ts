/** Geometry of the 5 x 6 Sultanate. Tiles are addressed by index r * 6 + c inside the state. */
export const ROWS = 5;
export const COLS = 6;
export const TILE_COUNT = ROWS * COLS;

/** How moves and views name a tile: [row, column], both from 0. */
export type Coord = [number, number];

export function toIndex([row, col]: Coord): number {
  return row * COLS + col;
}

export function toCoord(index: number): Coord {
  return [Math.floor(index / COLS), index % COLS];
}

/** How players read a square, as the board is labelled: row letter A-E, then column 1-6 ([2, 2] is "C3"). */
export function squareName(index: number): string {
  const [row, col] = toCoord(index);
  return `${String.fromCharCode(65 + row)}${col + 1}`;
}

function orthogonalNeighbours(index: number): number[] {
  const [row, col] = toCoord(index);
  const candidates: Coord[] = [
    [row - 1, col],
    [row + 1, col],
    [row, col - 1],
    [row, col + 1],
  ];
  return candidates.filter(([r, c]) => r >= 0 && r < ROWS && c >= 0 && c < COLS).map(toIndex);
}

/** Orthogonally adjacent tiles: the only steps a move may take. */
export const NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: TILE_COUNT }, (_, i) => orthogonalNeighbours(i));

/** Distance counted sideways only (Assassin range). */
export function distance(a: number, b: number): number {
  const [ra, ca] = toCoord(a);
  const [rb, cb] = toCoord(b);
  return Math.abs(ra - rb) + Math.abs(ca - cb);
}

/** The 3 x 3 block around a tile, the tile included (Builders, Hagis, Lamia, Kandicha). */
export function surroundingBlock(index: number): number[] {
  const [row, col] = toCoord(index);
  const block: number[] = [];
  for (let r = Math.max(0, row - 1); r <= Math.min(ROWS - 1, row + 1); r++) {
    for (let c = Math.max(0, col - 1); c <= Math.min(COLS - 1, col + 1); c++) block.push(r * COLS + c);
  }
  return block;
}
