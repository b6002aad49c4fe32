/** Tile control: camels, and the last camel that ends the game. */
import { tileAt } from './board';
import { total } from './counts';
import type { Context } from './context';

export function placeCamel(ctx: Context, tile: number): void {
  ctx.log.push({ type: 'tileCaptured', seat: ctx.seat, tile, kind: tileAt(ctx.log.state, tile).kind });
  if (ctx.log.state.players[ctx.seat].camels === 0) {
    ctx.log.push({ type: 'endTriggered', reason: 'lastCamel', seat: ctx.seat });
  }
}

/** A tile emptied of all meeples is captured, unless already owned or the player has no camel left. */
export function captureIfEmptied(ctx: Context, tile: number): void {
  const square = ctx.log.state.board[tile];
  if (total(square.meeples) > 0 || square.camel !== null) return;
  if (ctx.log.state.players[ctx.seat].camels === 0) return;
  placeCamel(ctx, tile);
}
