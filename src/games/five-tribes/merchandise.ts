/** Merchandise sets: selling in a turn (2.6) and their value at final scoring. */
import { MERCHANDISE, SET_VALUES, type Merchandise } from './data/cards';
import type { Context } from './context';
import type { MoveOf } from './moves';
import type { Cards, PlayerState } from './state';

/**
 * Final value of the merchandise held, split greedily into sets of different
 * kinds: one card of every kind still held, again and again.
 */
export function merchandiseValue(counts: readonly number[]): number {
  const left = counts.slice();
  let value = 0;
  for (;;) {
    const kinds = left.filter((n) => n > 0).length;
    if (kinds === 0) return value;
    value += SET_VALUES[kinds];
    for (let i = 0; i < left.length; i++) if (left[i] > 0) left[i]--;
  }
}

/** Every way to add `wilds` cards to the nine kinds (multisets, as counts per kind). */
function wildDistributions(wilds: number, kinds: number): number[][] {
  if (kinds === 1) return [[wilds]];
  return Array.from({ length: wilds + 1 }, (_, here) => here).flatMap((here) => wildDistributions(wilds - here, kinds - 1).map((rest) => [here, ...rest]));
}

/** Merchandise value with Al-Amin's wild cards placed where they score most. */
export function merchandiseScore(cards: Cards, wilds: number): number {
  const counts = MERCHANDISE.map((kind) => cards[kind]);
  return Math.max(...wildDistributions(wilds, counts.length).map((extra) => merchandiseValue(counts.map((n, i) => n + extra[i]))));
}

/** Every non-empty set of different kinds the player could sell, kinds in catalogue order. */
export function saleMoves(player: PlayerState): MoveOf<'sell'>[] {
  const held = MERCHANDISE.filter((kind) => player.cards[kind] > 0);
  const subsets: Merchandise[][] = [[]];
  for (const kind of held) subsets.push(...subsets.map((subset) => [...subset, kind]));
  return subsets.filter((kinds) => kinds.length > 0).map((kinds) => ({ type: 'sell', kinds }));
}

export function sell(ctx: Context, kinds: Merchandise[]): void {
  ctx.log.push({ type: 'merchandiseSold', seat: ctx.seat, kinds });
  ctx.log.push({ type: 'gold', seat: ctx.seat, amount: SET_VALUES[kinds.length], reason: 'sale' });
}
