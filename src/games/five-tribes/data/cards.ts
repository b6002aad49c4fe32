/**
 * The 54 resource cards: 36 merchandise of nine kinds and 18 Fakirs.
 * `bullion` is the "Gold" merchandise card, named so it never reads as gold coins.
 */
export const MERCHANDISE = ['ivory', 'jewels', 'bullion', 'papyrus', 'silk', 'spice', 'fish', 'wheat', 'pottery'] as const;
export type Merchandise = (typeof MERCHANDISE)[number];
export type CardKind = Merchandise | 'fakir';
export const CARD_KINDS: readonly CardKind[] = [...MERCHANDISE, 'fakir'];

/** The names printed on the cards (`bullion` is the one printed "Gold"). */
export const CARD_NAMES: Record<CardKind, string> = {
  ivory: 'Ivory',
  jewels: 'Jewels',
  bullion: 'Gold',
  papyrus: 'Papyrus',
  silk: 'Silk',
  spice: 'Spice',
  fish: 'Fish',
  wheat: 'Wheat',
  pottery: 'Pottery',
  fakir: 'Fakir',
};

export const CARD_COUNTS: Record<CardKind, number> = {
  ivory: 2,
  jewels: 2,
  bullion: 2,
  papyrus: 4,
  silk: 4,
  spice: 4,
  fish: 6,
  wheat: 6,
  pottery: 6,
  fakir: 18,
};

/** Gold (and end-game VP) for a set of N different merchandise kinds, indexed by N. */
export const SET_VALUES: readonly number[] = [0, 1, 3, 7, 13, 21, 30, 40, 50, 60];

/** Face-up resource cards after each clean-up. */
export const RESOURCE_ROW_SIZE = 9;
