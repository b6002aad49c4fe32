/** Tile actions (rule 2.5): Oasis and Village are compulsory; markets and Sacred Places optional. */
import type { Seat } from '../../rules/contract';
import type { DjinnId } from './data/djinns';
import { MARKETS, type MarketKind } from './data/tiles';
import { tileAt } from './board';
import { gainDjinn, invocationPayments, invoke, payCost, paymentOptions, rewardOwner } from './djinn-rules';
import { surroundingBlock, toCoord, toIndex } from './grid';
import { currentTurn, goTo, type Context } from './context';
import type { MoveOf, Payment } from './moves';
import type { ResumeStep, State, Step, Structure } from './state';

/** Lamia may move a palm tree, Hagis a palace, to a tile of the surrounding 3 x 3 block. */
const RELOCATING_DJINN: Record<Structure, DjinnId> = { palm: 'lamia', palace: 'hagis' };

function supplyOf(state: State, structure: Structure): number {
  return structure === 'palm' ? state.palmSupply : state.palaceSupply;
}

function build(ctx: Context, structure: Structure, tile: number): void {
  ctx.log.push({ type: 'structurePlaced', seat: ctx.seat, structure, tile, kind: tileAt(ctx.log.state, tile).kind });
  if (structure === 'palace') rewardOwner(ctx, 'monkir');
}

/**
 * Places a palm tree or palace on `origin` (nothing when the supply is empty).
 * When Lamia or Hagis could move it, the player is asked first; returns true
 * while that question is pending.
 */
export function placeStructure(ctx: Context, structure: Structure, origin: number, resume: ResumeStep): boolean {
  if (supplyOf(ctx.log.state, structure) === 0) return false;
  if (invocationPayments(ctx.log.state, ctx.seat, RELOCATING_DJINN[structure]).length > 0) {
    ctx.log.push({ type: 'step', step: { name: 'placement', structure, origin, resume } });
    return true;
  }
  build(ctx, structure, origin);
  return false;
}

type PlacementStep = Extract<Step, { name: 'placement' }>;

export function placementMoves(state: State, seat: Seat, step: PlacementStep): MoveOf<'place'>[] {
  const payments = invocationPayments(state, seat, RELOCATING_DJINN[step.structure]);
  const elsewhere = surroundingBlock(step.origin).filter((tile) => tile !== step.origin);
  return [
    { type: 'place', tile: toCoord(step.origin) },
    ...elsewhere.flatMap((tile) => payments.map((pay) => ({ type: 'place' as const, tile: toCoord(tile), pay }))),
  ];
}

export function place(ctx: Context, step: PlacementStep, move: MoveOf<'place'>): void {
  if (move.pay) invoke(ctx, RELOCATING_DJINN[step.structure], move.pay);
  build(ctx, step.structure, toIndex(move.tile));
  goTo(ctx, step.resume);
}

/** Runs the final tile's action, stopping where the player has a choice. */
export function beginTileAction(ctx: Context): void {
  const state = ctx.log.state;
  const finalTile = currentTurn(state).finalTile as number;
  const kind = tileAt(state, finalTile).kind;
  switch (kind) {
    case 'oasis':
    case 'village':
      if (!placeStructure(ctx, kind === 'oasis' ? 'palm' : 'palace', finalTile, 'end')) goTo(ctx, 'end');
      return;
    case 'smallMarket':
    case 'largeMarket':
      // The choice is offered even without the gold to pay: skipping it silently would reveal gold.
      if (state.resourceRow.length > 0) ctx.log.push({ type: 'step', step: { name: 'market', market: kind } });
      else goTo(ctx, 'end');
      return;
    case 'sacredPlace':
      if (state.djinnRow.length > 0 && paymentOptions(state.players[ctx.seat], 'elderPlusOne').length > 0) {
        ctx.log.push({ type: 'step', step: { name: 'sacred' } });
      } else {
        goTo(ctx, 'end');
      }
      return;
  }
}

/** Every choice of cards a market allows, as row positions in ascending order. */
function marketPicks(rowLength: number, market: MarketKind): number[][] {
  const reach = Math.min(rowLength, MARKETS[market].reach);
  const positions = Array.from({ length: reach }, (_, i) => i);
  if (MARKETS[market].picks === 1 || reach === 1) return positions.map((p) => [p]);
  return positions.flatMap((first) => positions.filter((second) => second > first).map((second) => [first, second]));
}

export function marketMoves(state: State, seat: Seat, market: MarketKind): MoveOf<'buyCards'>[] {
  if (state.players[seat].gold < MARKETS[market].price) return [];
  return marketPicks(state.resourceRow.length, market).map((positions) => ({ type: 'buyCards', positions }));
}

export function buyCards(ctx: Context, market: MarketKind, positions: number[]): void {
  const cards = positions.map((p) => ctx.log.state.resourceRow[p]);
  ctx.log.push({ type: 'gold', seat: ctx.seat, amount: -MARKETS[market].price, reason: 'market' });
  ctx.log.push({ type: 'rowCardsTaken', seat: ctx.seat, positions, cards });
  goTo(ctx, 'end');
}

/** Sacred Place: 2 Elders (`pay: 'elder'`) or 1 Elder + 1 Fakir (`pay: 'fakir'`). */
export function sacredMoves(state: State, seat: Seat): MoveOf<'takeDjinn'>[] {
  const payments = paymentOptions(state.players[seat], 'elderPlusOne');
  return state.djinnRow.flatMap((djinn) => payments.map((pay) => ({ type: 'takeDjinn' as const, djinn, pay })));
}

export function takeDjinn(ctx: Context, djinn: DjinnId, pay: Payment): void {
  payCost(ctx, 'elderPlusOne', pay);
  gainDjinn(ctx, djinn, 'row');
  goTo(ctx, 'end');
}
