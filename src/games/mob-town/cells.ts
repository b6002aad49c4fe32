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
export function toCell(key: CellKey): Cell {
  // Not split(',').map(Number): the rules read cells by the thousand per move, and this makes no array it throws away.
  const comma = key.indexOf(',');
  return [Number(key.slice(0, comma)), Number(key.slice(comma + 1))];
}

/**
 * Cells in board order: by row, then by column. Each key is read once, not
 * at every comparison: every view and every list of moves sorts the city.
 */
export function inBoardOrder(keys: CellKey[]): CellKey[] {
  return keys
    .map((key) => ({ key, cell: toCell(key) }))
    .sort((a, b) => a.cell[0] - b.cell[0] || a.cell[1] - b.cell[1])
    .map(({ key }) => key);
}
