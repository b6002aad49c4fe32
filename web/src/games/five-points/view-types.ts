/** The Five Points view as the server sends it (src/games/five-points/view.ts), as far as the page uses it. */
export type DistrictColor = 'blue' | 'green' | 'red' | 'orange';

export interface NeighborhoodCell {
  neighborhood: string;
  color: DistrictColor;
  x: number;
  y: number;
  /** Per seat. */
  rabble: number[];
  bosses: number[];
  building: { faceDown: boolean; id?: string; name?: string } | null;
  specialElection: boolean;
}

export interface MarkerSlot {
  index: number;
  id: string;
  name: string;
  /** Per seat. */
  bids: number[];
  winner: number | null;
}

export interface PlayerHoldings {
  seat: number;
  hq: number;
  boroughs: { rabble: number; bosses: number };
  bossesOnBoard: number;
  controlMarkers: Record<DistrictColor, number>;
  vp: number;
  score: { total: number };
}

export interface FivePointsView {
  round: number;
  phase: string;
  activeSeats: number[];
  decision: string;
  grid: { originX: number; originY: number; rows: (NeighborhoodCell | null)[][] };
  markers: MarkerSlot[];
  passOrder: number[];
  electionQueue: string[];
  controlSupply: Record<DistrictColor, number>;
  players: PlayerHoldings[];
}
