/** The 22 Djinns: victory points, invocation cost and when the power applies. */
export const DJINN_IDS = [
  'alAmin',
  'anunNak',
  'baal',
  'boaz',
  'bouraq',
  'echidna',
  'enki',
  'hagis',
  'haurvatat',
  'iblis',
  'jafaar',
  'kandicha',
  'kumarbi',
  'lamia',
  'leta',
  'marid',
  'monkir',
  'nekir',
  'shamhat',
  'sibittis',
  'sloar',
  'utug',
] as const;
export type DjinnId = (typeof DJINN_IDS)[number];

/**
 * What invoking a power costs. `elderOrFakir`: one Elder or one Fakir.
 * `elderPlusOne`: one Elder plus one more Elder or Fakir. `fakir`: one Fakir.
 * `fakirs`: one or more Fakirs (Kumarbi). `none`: the power is passive or end-scoring.
 */
export type DjinnCost = 'none' | 'elderOrFakir' | 'elderPlusOne' | 'fakir' | 'fakirs';

/**
 * When the power is used. `turn`: in the owner's turn before the move or after the actions.
 * `builders` / `assassins`: while resolving that tribe. `placement`: when placing a palm or palace.
 * `bidding`: with a bid. `passive`: triggers by itself. `scoring`: changes final scoring only.
 */
export type DjinnTiming = 'turn' | 'builders' | 'assassins' | 'placement' | 'bidding' | 'passive' | 'scoring';

export interface DjinnDefinition {
  name: string;
  vp: number;
  cost: DjinnCost;
  timing: DjinnTiming;
  power: string;
}

export const DJINNS: Record<DjinnId, DjinnDefinition> = {
  alAmin: {
    name: 'Al-Amin',
    vp: 5,
    cost: 'none',
    timing: 'scoring',
    power: 'Every 2 Fakirs count as 1 wild merchandise card at final scoring.',
  },
  anunNak: {
    name: 'Anun-Nak',
    vp: 8,
    cost: 'elderOrFakir',
    timing: 'turn',
    power: 'Put 3 meeples drawn at random from the bag on a completely empty tile.',
  },
  baal: {
    name: "Ba'al",
    vp: 6,
    cost: 'none',
    timing: 'passive',
    power: 'Whenever anyone takes a Djinn: gain 1 gold if it was you, 2 if an opponent.',
  },
  boaz: {
    name: 'Boaz',
    vp: 6,
    cost: 'none',
    timing: 'passive',
    power: "Opponents' Assassins cannot kill the Elders and Viziers in front of you.",
  },
  bouraq: {
    name: 'Bouraq',
    vp: 6,
    cost: 'elderOrFakir',
    timing: 'turn',
    power: 'Place a palace on any Village.',
  },
  echidna: {
    name: 'Echidna',
    vp: 4,
    cost: 'elderPlusOne',
    timing: 'builders',
    power: "This turn your Builders' gold is doubled.",
  },
  enki: {
    name: 'Enki',
    vp: 8,
    cost: 'elderOrFakir',
    timing: 'turn',
    power: 'Place a palm tree on any Oasis.',
  },
  hagis: {
    name: 'Hagis',
    vp: 10,
    cost: 'elderOrFakir',
    timing: 'placement',
    power: 'A palace you place may go on a neighbouring tile instead.',
  },
  haurvatat: {
    name: 'Haurvatat',
    vp: 8,
    cost: 'none',
    timing: 'scoring',
    power: 'Your palm trees score 5 VP each instead of 3.',
  },
  iblis: {
    name: 'Iblis',
    vp: 8,
    cost: 'elderOrFakir',
    timing: 'assassins',
    power: 'Your Assassins kill 2 meeples on one tile, or 2 Elders/Viziers of one opponent.',
  },
  jafaar: {
    name: 'Jafaar',
    vp: 6,
    cost: 'none',
    timing: 'scoring',
    power: 'Your Viziers score 3 VP each instead of 1.',
  },
  kandicha: {
    name: 'Kandicha',
    vp: 6,
    cost: 'none',
    timing: 'passive',
    power:
      'When your Assassins kill a Merchant, draw the top resource card; a Builder, gain the gold one Builder would earn there; a Vizier or Elder, keep it.',
  },
  kumarbi: {
    name: 'Kumarbi',
    vp: 6,
    cost: 'fakirs',
    timing: 'bidding',
    power: 'When bidding, each Fakir discarded moves your bid one spot cheaper.',
  },
  lamia: {
    name: 'Lamia',
    vp: 10,
    cost: 'elderOrFakir',
    timing: 'placement',
    power: 'A palm tree you place may go on a neighbouring tile instead.',
  },
  leta: {
    name: 'Leta',
    vp: 4,
    cost: 'elderPlusOne',
    timing: 'turn',
    power: 'Take control of a completely empty tile.',
  },
  marid: {
    name: 'Marid',
    vp: 6,
    cost: 'none',
    timing: 'passive',
    power: 'When a meeple is dropped on one of your tiles during a move: 1 gold if you moved, 2 if an opponent did.',
  },
  monkir: {
    name: 'Monkir',
    vp: 6,
    cost: 'none',
    timing: 'passive',
    power: 'When any palace is placed: 1 gold if you placed it, 2 if an opponent did.',
  },
  nekir: {
    name: 'Nekir',
    vp: 6,
    cost: 'none',
    timing: 'passive',
    power: 'Whenever Assassins kill: 1 gold if you did the killing, 2 if an opponent did.',
  },
  shamhat: {
    name: 'Shamhat',
    vp: 6,
    cost: 'none',
    timing: 'scoring',
    power: 'Your Elders score 4 VP each instead of 2.',
  },
  sibittis: {
    name: 'Sibittis',
    vp: 4,
    cost: 'elderPlusOne',
    timing: 'turn',
    power: 'Draw 3 Djinns from the pile, keep 1, discard 2.',
  },
  sloar: {
    name: 'Sloar',
    vp: 8,
    cost: 'fakir',
    timing: 'turn',
    power: 'Take the top card of the resource draw pile.',
  },
  utug: {
    name: 'Utug',
    vp: 4,
    cost: 'elderPlusOne',
    timing: 'turn',
    power: 'Take control of a tile that holds only meeples; the meeples stay.',
  },
};

/** Face-up Djinns after each clean-up. */
export const DJINN_ROW_SIZE = 3;
