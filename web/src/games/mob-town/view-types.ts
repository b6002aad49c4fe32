/** The Mob Town view as the server sends it (src/games/mob-town/view.ts), as far as the page uses it. */
export type Cell = [number, number];
/** A seat, or the mob in co-op. */
export type Owner = number | 'mob';

export interface LotCard {
  id: string;
  name: string;
  value: number;
  suits: string[] | null;
  business: string | null;
  /** A landmark's power. */
  text: string | null;
}

export interface CityLot {
  cell: Cell;
  card: LotCard;
  /** Bottom first; the top one controls the property. */
  tokens: Owner[];
  controller: Owner | null;
  shutDown: boolean;
}

export interface PlayerHoldings {
  seat: number;
  score: number;
  briefcases: number;
  tokens: number;
  handCount: number;
  /** Only the viewer's own, until the game ends. */
  hand: string[] | null;
  agendaCount: number;
  agendas: { id: string; name: string }[] | null;
  kept: { name: string }[];
  role: { name: string } | null;
  pawn: Cell | null;
}

export interface MobTownView {
  mode: 'competitive' | 'coop';
  phase: string;
  round: number;
  activeSeats: number[];
  turn: { seat: number; step: { kind: string; [key: string]: unknown }; actionsLeft: number } | null;
  city: { cells: CityLot[] };
  openLot: LotCard[];
  lineup: string[];
  deckCount: number;
  discard: string[];
  cityCard: { name: string; text: string } | null;
  professionals: { row: { id: string; name: string; text: string }[]; deckCount: number } | null;
  players: PlayerHoldings[];
  coop: { mobBoss: number; lawScore: number; mobTokens: number } | null;
  /** Once the game is over; co-op says whether the team won and why. */
  result: { winners: number[]; outcome?: 'won' | 'lost'; reason?: string } | null;
}
