/** The 30 Sultanate tiles: kind, printed VP and action. */
export type TileKind = 'largeMarket' | 'smallMarket' | 'oasis' | 'village' | 'sacredPlace';

export interface TileKindDefinition {
  name: string;
  /** Builders count the blue-valued tiles around the tile they end on. */
  valueColor: 'blue' | 'red';
  compulsory: boolean;
  action: string;
}

export const TILE_KINDS: Record<TileKind, TileKindDefinition> = {
  largeMarket: {
    name: 'Large Market',
    valueColor: 'red',
    compulsory: false,
    action: 'pay 6 gold, take 2 of the first 6 resource cards',
  },
  smallMarket: {
    name: 'Small Market',
    valueColor: 'red',
    compulsory: false,
    action: 'pay 3 gold, take 1 of the first 3 resource cards',
  },
  oasis: { name: 'Oasis', valueColor: 'red', compulsory: true, action: 'place a palm tree' },
  village: { name: 'Village', valueColor: 'blue', compulsory: true, action: 'place a palace' },
  sacredPlace: {
    name: 'Sacred Place',
    valueColor: 'blue',
    compulsory: false,
    action: 'pay 2 Elders, or 1 Elder and 1 Fakir, take a visible Djinn',
  },
};

export interface TileDefinition {
  kind: TileKind;
  vp: number;
}

function copies(count: number, kind: TileKind, vp: number): TileDefinition[] {
  return Array.from({ length: count }, () => ({ kind, vp }));
}

/** Indexed by tile id (0..29); the board holds these ids in shuffled order. */
export const TILES: readonly TileDefinition[] = [
  ...copies(4, 'largeMarket', 4),
  ...copies(8, 'smallMarket', 6),
  ...copies(6, 'oasis', 8),
  ...copies(5, 'village', 5),
  ...copies(4, 'sacredPlace', 6),
  { kind: 'sacredPlace', vp: 10 },
  { kind: 'sacredPlace', vp: 12 },
  { kind: 'sacredPlace', vp: 15 },
];

/** Market costs and how deep into the resource row each market may pick. */
export const MARKETS = {
  smallMarket: { price: 3, picks: 1, reach: 3 },
  largeMarket: { price: 6, picks: 2, reach: 6 },
} as const;
export type MarketKind = keyof typeof MARKETS;
