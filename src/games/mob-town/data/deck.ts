/**
 * The draw deck (default set, our reconstruction): 5 animal suits of ten
 * henchmen each (four 1s, three 2s, three 3s), 6 cash cards and the Law.
 * A card is named by its face (`rats-2`, `cash`, `law`): equal faces are
 * interchangeable, so hands and moves never need per-copy ids.
 */

export const SUITS = ['snakes', 'sharks', 'foxes', 'rats', 'weasels'] as const;
export type Suit = (typeof SUITS)[number];

/** How many copies of each henchman value one suit has. */
export const HENCHMEN_PER_VALUE: Record<1 | 2 | 3, number> = { 1: 4, 2: 3, 3: 3 };
export const CASH_CARDS = 6;

export type HenchmanCard = `${Suit}-${1 | 2 | 3}`;
export type Card = HenchmanCard | 'cash' | 'law';

/** What a trade can ask the lineup for: every card of one suit, or every cash card. */
export type CardType = Suit | 'cash';
export const CARD_TYPES: readonly CardType[] = [...SUITS, 'cash'];

/** How players call the cards, one and several: a Rat, two Rats; a cash card. Henchmen add their value. */
export const CARD_NAMES: Record<CardType | 'law', { one: string; many: string }> = {
  snakes: { one: 'Snake', many: 'Snakes' },
  sharks: { one: 'Shark', many: 'Sharks' },
  foxes: { one: 'Fox', many: 'Foxes' },
  rats: { one: 'Rat', many: 'Rats' },
  weasels: { one: 'Weasel', many: 'Weasels' },
  cash: { one: 'cash card', many: 'cash cards' },
  law: { one: 'Law card', many: 'Law cards' },
};

/** The 56 cards shuffled each round besides the Law, in a fixed (sorted) order. */
export const ROUND_DECK: readonly Card[] = [
  ...SUITS.flatMap((suit) => ([1, 2, 3] as const).flatMap((value) => Array<Card>(HENCHMEN_PER_VALUE[value]).fill(`${suit}-${value}`))),
  ...Array<Card>(CASH_CARDS).fill('cash'),
].sort();

/** The Law is shuffled into this many cards at the bottom of the deck. */
export const LAW_DEPTH = 10;
