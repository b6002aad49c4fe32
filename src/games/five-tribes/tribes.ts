/** The end of a move: tile control check (2.3) and the tribe actions (2.4). */
import type { Seat } from '../../rules/contract';
import type { Color } from './data/meeples';
import { beginAssassins } from './assassins';
import { blueTilesAround, tileAt } from './board';
import { captureIfEmptied } from './control';
import { invocationPayments, invoke, ownerOf, rewardOwner } from './djinn-rules';
import { currentTurn, type Context } from './context';
import type { MoveOf, Payment } from './moves';
import type { State } from './state';
import { beginTileAction } from './tile-actions';

/** Marid pays for every meeple this move dropped on its owner's tiles. */
function rewardMarid(ctx: Context, path: readonly number[]): void {
  const owner = ownerOf(ctx.log.state, 'marid');
  if (owner === null) return;
  const drops = path.filter((tile) => ctx.log.state.board[tile].camel === owner).length;
  rewardOwner(ctx, 'marid', drops);
}

/** Called after the last drop: collects the colour, checks control, then runs the tribe's action. */
export function completeMove(ctx: Context, finalTile: number, color: Color): void {
  const step = currentTurn(ctx.log.state).step;
  if (step.name === 'moving') rewardMarid(ctx, step.path);
  const count = ctx.log.state.board[finalTile].meeples[color];
  const keeps = color === 'yellow' || color === 'white';
  ctx.log.push({
    type: 'meeplesCollected',
    seat: ctx.seat,
    tile: finalTile,
    kind: tileAt(ctx.log.state, finalTile).kind,
    color,
    count,
    to: keeps ? 'player' : 'bag',
  });
  captureIfEmptied(ctx, finalTile);
  switch (color) {
    case 'yellow':
    case 'white':
      beginTileAction(ctx);
      return;
    case 'green':
      takeMerchantCards(ctx, count);
      beginTileAction(ctx);
      return;
    case 'blue':
      beginBuilders(ctx, count);
      return;
    case 'red':
      beginAssassins(ctx, count);
      return;
  }
}

/** Merchants take as many resource cards as there were Merchants, from the front of the row. */
function takeMerchantCards(ctx: Context, merchants: number): void {
  const row = ctx.log.state.resourceRow;
  const positions = row.slice(0, merchants).map((_, i) => i);
  if (positions.length === 0) return;
  ctx.log.push({ type: 'rowCardsTaken', seat: ctx.seat, positions, cards: positions.map((p) => row[p]) });
}

function hasBuilderChoice(state: State, seat: Seat): boolean {
  return state.players[seat].cards.fakir > 0 || echidnaPayments(state, seat).length > 0;
}

function beginBuilders(ctx: Context, builders: number): void {
  const state = ctx.log.state;
  const finalTile = currentTurn(state).finalTile as number;
  if (blueTilesAround(state, finalTile) > 0 && hasBuilderChoice(state, ctx.seat)) {
    ctx.log.push({ type: 'step', step: { name: 'builders', builders } });
  } else {
    payBuilders(ctx, builders, 0);
  }
}

export function echidnaPayments(state: State, seat: Seat): Payment[] {
  return state.turn?.buildersDoubled ? [] : invocationPayments(state, seat, 'echidna');
}

export function builderMoves(state: State, seat: Seat): MoveOf<'builders'>[] {
  const fakirs = state.players[seat].cards.fakir;
  return Array.from({ length: fakirs + 1 }, (_, n) => ({ type: 'builders', fakirs: n }));
}

export function invokeEchidna(ctx: Context, pay: Payment): void {
  invoke(ctx, 'echidna', pay);
  ctx.log.push({ type: 'buildersDoubled', seat: ctx.seat });
}

/** Gold = blue-valued tiles around x (Builders + Fakirs discarded), doubled by Echidna. */
export function payBuilders(ctx: Context, builders: number, fakirs: number): void {
  const turn = currentTurn(ctx.log.state);
  if (fakirs > 0) ctx.log.push({ type: 'fakirsDiscarded', seat: ctx.seat, count: fakirs });
  const gold = blueTilesAround(ctx.log.state, turn.finalTile as number) * (builders + fakirs) * (turn.buildersDoubled ? 2 : 1);
  if (gold > 0) ctx.log.push({ type: 'gold', seat: ctx.seat, amount: gold, reason: 'builders' });
  beginTileAction(ctx);
}
