/**
 * The 20 property cards (default set, our reconstruction of names, arrows
 * and suits; the five types at values 1-4 are confirmed).
 */
import type { Suit } from './deck';

export const BUSINESS_TYPES = ['factory', 'gamblingDen', 'theater', 'hotel', 'restaurant'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** Readable names of the business types, one and several (agendas and the history use them). */
export const BUSINESS_NAMES: Record<BusinessType, { one: string; many: string }> = {
  factory: { one: 'Factory', many: 'Factories' },
  gamblingDen: { one: 'Gambling Den', many: 'Gambling Dens' },
  theater: { one: 'Theater', many: 'Theaters' },
  hotel: { one: 'Hotel', many: 'Hotels' },
  restaurant: { one: 'Restaurant', many: 'Restaurants' },
};

export type Arrow = 'up' | 'right' | 'down' | 'left';

/** Anything that can lie in the city: a business property or a landmark. */
export interface LotCardDef {
  id: string;
  name: string;
  /** Victory points at round end and the base take-over cost. */
  value: number;
  /** Where the next card goes while the city is being dealt. */
  arrow: Arrow;
  /** Suits that pay for a take-over; null means any suit (landmarks). */
  suits: readonly Suit[] | null;
  /** The business type, or null for a landmark. */
  business: BusinessType | null;
}

/** Both suits pay for every card of a type. */
export const BUSINESS_SUITS: Record<BusinessType, readonly [Suit, Suit]> = {
  restaurant: ['rats', 'weasels'],
  gamblingDen: ['sharks', 'foxes'],
  theater: ['foxes', 'snakes'],
  hotel: ['snakes', 'sharks'],
  factory: ['weasels', 'rats'],
};

/** The arrow depends only on the value: 1 up, 2 right, 3 down, 4 left. */
const ARROW_BY_VALUE: Record<number, Arrow> = { 1: 'up', 2: 'right', 3: 'down', 4: 'left' };

const NAMES: Record<BusinessType, readonly [string, string, string, string]> = {
  factory: ['Rusty Bolt Works', 'Steam Laundry', 'Canning Plant', 'Iron Foundry'],
  gamblingDen: ['Back-Room Dice', 'Lucky Card Club', 'Racetrack Book', 'Golden Roulette'],
  theater: ['Nickelodeon', 'Vaudeville Hall', 'Picture Palace', 'Grand Opera House'],
  hotel: ['Flophouse', 'Station Inn', 'Harbor Hotel', 'Ritz Plaza'],
  restaurant: ['Corner Diner', 'Noodle House', 'Trattoria Roma', 'Steakhouse Supreme'],
};

export const PROPERTIES: readonly LotCardDef[] = BUSINESS_TYPES.flatMap((business) =>
  NAMES[business].map((name, i) => ({
    id: `${business}-${i + 1}`,
    name,
    value: i + 1,
    arrow: ARROW_BY_VALUE[i + 1],
    suits: BUSINESS_SUITS[business],
    business,
  })),
);
