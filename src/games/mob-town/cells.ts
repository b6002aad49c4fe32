/**
 * A city cell, as moves and views carry it (`[row, col]`) and as the state
 * keys the city by it (`"row,col"`). The first card of a city lies at 0,0;
 * rows grow downwards. Nothing here knows the state, so moves, state and
 * the page can all name cells.
 */
export type Cell = [row: number, col: number];

/** A cell as the state's key, `"row,col"`. */
export type CellKey = string;

export const cellKey = ([row, col]: Cell): CellKey => `${row},${col}`;
export const toCell = (key: CellKey): Cell => key.split(',').map(Number) as Cell;

/** Board order: by row, then by column. */
export function compareCells(a: CellKey, b: CellKey): number {
  const [ra, ca] = toCell(a);
  const [rb, cb] = toCell(b);
  return ra - rb || ca - cb;
}
