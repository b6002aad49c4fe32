/** The Five Tribes view as the server sends it (src/games/five-tribes/view.ts), as far as the page uses it. */
export type MeepleColor = 'yellow' | 'white' | 'green' | 'blue' | 'red';
export type Coord = [number, number];

export interface Tile {
  kind: 'largeMarket' | 'smallMarket' | 'oasis' | 'village' | 'sacredPlace';
  name: string;
  vp: number;
  valueColor: 'blue' | 'red';
  action: string;
  meeples: Record<MeepleColor, number>;
  camel: number | null;
  palms: number;
  palaces: number;
}

export interface Holder {
  marker: number;
  seat: number;
}

export interface PlayerHoldings {
  seat: number;
  /** Only the viewer's own, until the game is over. */
  gold?: number;
  camels: number;
  viziers: number;
  elders: number;
  cards: Record<string, number>;
  djinns: string[];
  djinnsUsed: string[];
}

export type Step =
  | { name: 'moving'; origin: Coord; hand: Record<MeepleColor, number>; path: Coord[] }
  | { name: 'sibittis'; drawn?: string[]; drawnCount?: number }
  | { name: string; [key: string]: unknown };

export interface FiveTribesView {
  phase: 'setup' | 'bidding' | 'playing' | 'finished';
  round: number;
  board: (Tile | null)[][];
  resourceRow: string[];
  resourceDeckSize: number;
  djinnRow: string[];
  djinnDeckSize: number;
  supply: { palmTrees: number; palaces: number; bag: Record<MeepleColor, number> };
  bidTrack: (Holder | null)[];
  turnTrack: { spot: number; cost: number; holder: Holder | null }[];
  players: PlayerHoldings[];
  turn: { seat: number; step: Step; finalTile: Coord | null } | null;
  endTrigger: string | null;
}
