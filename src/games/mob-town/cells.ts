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

/**
 * Each key read once, for as long as the process runs: the rules read cells by the thousand per move (sorting the city,
 * walking it), and a city spans a few dozen rows and columns, so the keys ever seen stay few.
 */
const parsedKeys = new Map<CellKey, Readonly<Cell>>();

function parsedCell(key: CellKey): Readonly<Cell> {
  let cell = parsedKeys.get(key);
  if (!cell) {
    const comma = key.indexOf(',');
    cell = Object.freeze([Number(key.slice(0, comma)), Number(key.slice(comma + 1))] as Cell);
    parsedKeys.set(key, cell);
  }
  return cell;
}

/** A key as a cell of its own, for a move or a view to carry. */
export function toCell(key: CellKey): Cell {
  const [row, col] = parsedCell(key);
  return [row, col];
}

/**
 * Cells in board order: by row, then by column. Each key is read once, not
 * at every comparison: every view and every list of moves sorts the city.
 */
export function inBoardOrder(keys: CellKey[]): CellKey[] {
  return keys
    .map((key) => ({ key, cell: parsedCell(key) }))
    .sort((a, b) => a.cell[0] - b.cell[0] || a.cell[1] - b.cell[1])
    .map(({ key }) => key);
}
