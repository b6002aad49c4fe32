/** Who owns which Djinn, whether its power may be invoked now, how it is paid, and passive payouts. */
import type { Seat } from '../../rules/contract';
import { DJINNS, type DjinnCost, type DjinnId } from './data/djinns';
import type { GoldReason } from './events';
import type { Context } from './context';
import type { Payment } from './moves';
import type { PlayerState, State } from './state';

export function ownerOf(state: State, djinn: DjinnId): Seat | null {
  const seat = state.players.findIndex((p) => p.djinns.includes(djinn));
  return seat < 0 ? null : seat;
}

export function owns(state: State, seat: Seat, djinn: DjinnId): boolean {
  return state.players[seat].djinns.includes(djinn);
}

/** The ways a player can pay the flexible part of a cost (an Elder or a Fakir). */
export function paymentOptions(player: PlayerState, cost: DjinnCost): Payment[] {
  const { elders } = player;
  const fakirs = player.cards.fakir;
  switch (cost) {
    case 'elderOrFakir':
      return [...(elders >= 1 ? ['elder' as const] : []), ...(fakirs >= 1 ? ['fakir' as const] : [])];
    case 'elderPlusOne':
      if (elders < 1) return [];
      return [...(elders >= 2 ? ['elder' as const] : []), ...(fakirs >= 1 ? ['fakir' as const] : [])];
    case 'fakir':
      return fakirs >= 1 ? ['fakir'] : [];
    case 'fakirs':
    case 'none':
      return [];
  }
}

/** Payments with which `seat` may invoke `djinn` now: owned, unused this round, affordable. */
export function invocationPayments(state: State, seat: Seat, djinn: DjinnId): Payment[] {
  const player = state.players[seat];
  if (!player.djinns.includes(djinn) || player.djinnsUsed.includes(djinn)) return [];
  return paymentOptions(player, DJINNS[djinn].cost);
}

/** Spends Elders and Fakirs for a cost paid as `pay` (also used by Sacred Places: same cost as 'elderPlusOne'). */
export function payCost(ctx: Context, cost: DjinnCost, pay: Payment): void {
  const elders = (cost === 'elderPlusOne' ? 1 : 0) + (pay === 'elder' ? 1 : 0);
  if (elders > 0) ctx.log.push({ type: 'eldersSpent', seat: ctx.seat, count: elders });
  if (pay === 'fakir') ctx.log.push({ type: 'fakirsDiscarded', seat: ctx.seat, count: 1 });
}

export function invoke(ctx: Context, djinn: DjinnId, pay: Payment): void {
  payCost(ctx, DJINNS[djinn].cost, pay);
  ctx.log.push({ type: 'djinnUsed', seat: ctx.seat, djinn });
}

/**
 * Ba'al, Marid, Monkir and Nekir all pay their owner 1 gold per occurrence
 * caused by the owner and 2 per occurrence caused by an opponent.
 */
export function rewardOwner(ctx: Context, djinn: DjinnId & GoldReason, occurrences = 1): void {
  const owner = ownerOf(ctx.log.state, djinn);
  if (owner === null || occurrences === 0) return;
  const amount = (owner === ctx.seat ? 1 : 2) * occurrences;
  ctx.log.push({ type: 'gold', seat: owner, amount, reason: djinn });
}

/** A Djinn joins a player: Ba'al pays its owner, except when Ba'al itself is taken. */
export function gainDjinn(ctx: Context, djinn: DjinnId, from: 'row' | 'sibittis'): void {
  ctx.log.push({ type: 'djinnTaken', seat: ctx.seat, djinn, from });
  if (djinn !== 'baal') rewardOwner(ctx, 'baal');
}
