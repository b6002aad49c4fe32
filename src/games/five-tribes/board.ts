/** Read-only questions about the Sultanate. */
import { TILE_KINDS, TILES, type TileDefinition } from './data/tiles';
import { total } from './counts';
import { surroundingBlock } from './grid';
import type { State, TileState } from './state';

export function tileAt(state: State, index: number): TileDefinition {
  return TILES[state.board[index].tile];
}

/** Blue-valued tiles in the 3 x 3 block around a tile, the tile included (Builders, Kandicha). */
export function blueTilesAround(state: State, index: number): number {
  return surroundingBlock(index).filter((t) => TILE_KINDS[tileAt(state, t).kind].valueColor === 'blue').length;
}

/** No camel, meeple, palm tree or palace (Leta, Anun-Nak). */
export function isCompletelyEmpty(square: TileState): boolean {
  return square.camel === null && square.palms === 0 && square.palaces === 0 && total(square.meeples) === 0;
}
