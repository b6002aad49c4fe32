/** Card faces, the sorted lists that hold them (hands, deck, discard), and the property/landmark catalogue. */
import { SUITS, type Card, type CardType, type Suit } from './data/deck';
import { LANDMARKS } from './data/landmarks';
import { PROPERTIES, type LotCardDef } from './data/properties';

/** Each henchman's suit and value by its face: payments and trades ask for them by the thousand per move. */
const HENCHMEN = new Map<Card, { suit: Suit; value: number }>(
  SUITS.flatMap((suit) => ([1, 2, 3] as const).map((value) => [`${suit}-${value}` as Card, { suit, value }] as const)),
);

export function suitOf(card: Card): Suit | null {
  return HENCHMEN.get(card)?.suit ?? null;
}

export function typeOf(card: Card): CardType | null {
  return card === 'law' ? null : card === 'cash' ? 'cash' : suitOf(card);
}

/** A henchman's printed value; cash is worth `cashValue` as a wild. */
export function cardValue(card: Card, cashValue: number): number {
  if (card === 'cash') return cashValue;
  return HENCHMEN.get(card)?.value ?? 0;
}

/** The list with one copy of `card` removed. */
export function without<T>(list: readonly T[], item: T): T[] {
  const i = list.indexOf(item);
  if (i < 0) throw new Error(`${String(item)} is not there`);
  return [...list.slice(0, i), ...list.slice(i + 1)];
}

/** The list with `items` added, kept sorted so equal contents look equal. */
export function withAdded<T extends string>(list: readonly T[], ...items: T[]): T[] {
  return [...list, ...items].sort();
}

/** Each distinct item once, in order. */
export function distinct<T>(list: readonly T[]): T[] {
  return [...new Set(list)];
}

const LOT_CARDS: Record<string, LotCardDef> = Object.fromEntries([...PROPERTIES, ...LANDMARKS].map((card) => [card.id, card]));

export function lotCard(id: string): LotCardDef {
  const card = LOT_CARDS[id];
  if (!card) throw new Error(`unknown property card ${id}`);
  return card;
}
