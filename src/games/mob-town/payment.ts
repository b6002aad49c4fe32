/**
 * Paying a cost card by card. A cost is paid with cards of the allowed suits
 * (cash as a wild); when connection cards are owed too, any card pays each
 * of them. A card is offered only if the payment can still be completed
 * after it, so a player can never pay into a dead end.
 */
import type { Card, Suit } from './data/deck';
import { cardValue, distinct, suitOf, without } from './cards';

export interface CostRule {
  /** Suits that pay; null means any suit. */
  suits: readonly Suit[] | null;
  cashValue: number;
}

/** What `card` pays towards the cost (0 when it cannot pay). */
export function payValue(card: Card, rule: CostRule): number {
  if (card === 'law') return 0;
  if (card === 'cash') return rule.cashValue;
  const suit = suitOf(card)!;
  return rule.suits === null || rule.suits.includes(suit) ? cardValue(card, rule.cashValue) : 0;
}

/**
 * Whether `hand` can pay `cost` and then `extraCards` more cards of any kind.
 * Paying the cost with the highest cards first uses the fewest cards, which
 * leaves the most for the extra cards.
 */
export function canComplete(hand: readonly Card[], rule: CostRule, cost: number, extraCards: number): boolean {
  const values = hand
    .map((card) => payValue(card, rule))
    .filter((v) => v > 0)
    .sort((a, b) => b - a);
  let used = 0;
  for (let paid = 0; paid < cost; used++) {
    if (used >= values.length) return false;
    paid += values[used];
  }
  return hand.length - used >= extraCards;
}

/** The distinct cards that may be paid next towards `costLeft`, then `extraCards`. */
export function payableCards(hand: readonly Card[], rule: CostRule, costLeft: number, extraCards: number): Card[] {
  if (costLeft <= 0) return extraCards > 0 ? distinct(hand) : [];
  return distinct(hand).filter((card) => {
    const value = payValue(card, rule);
    return value > 0 && canComplete(without(hand, card), rule, Math.max(0, costLeft - value), extraCards);
  });
}
