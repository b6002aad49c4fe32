/**
 * The folded game state: plain JSON, rebuilt from events by evolve.ts.
 * Per-seat numbers are arrays indexed by seat.
 */
import type { Seat } from '../../rules/contract';
import type { BuildingId } from './data/buildings';
import type { Effect } from './data/effects';
import type { MarkerId } from './data/markers';
import type { Color, NeighborhoodId } from './data/tiles';

export interface Cell {
  x: number;
  y: number;
}

export interface Neighborhood extends Cell {
  id: NeighborhoodId;
  color: Color;
  /** Rabble on the tile, per seat. */
  rabble: number[];
  /** Bosses on the tile, per seat. */
  bosses: number[];
}

export interface PlacedBuilding {
  building: BuildingId;
  neighborhood: NeighborhoodId;
  faceUp: boolean;
}

export interface Player {
  /** Rabble on the HQ: the only rabble that can be placed or bid. */
  hq: number;
  /** Rabble in the boroughs (beside the HQ), waiting to be retrieved. */
  boroughRabble: number;
  /** Bosses not on the board. */
  boroughBosses: number;
  controlMarkers: Record<Color, number>;
  vp: number;
}

/** One face-up manipulation marker and the rabble bid on it, per seat. */
export interface MarkerSlot {
  marker: MarkerId;
  bids: number[];
  /** Set when bids are settled: the highest bidder, or null for no bid. */
  winner: Seat | null;
}

/** Where an effect comes from: a marker in the row or a building. */
export type EffectSource = { marker: number } | { building: BuildingId } | { election: true };

/** An effect won this round, e.g. +2 votes for seat 1 from a marker. */
export interface Benefit {
  seat: Seat;
  effect: Effect;
  source: EffectSource;
}

/** A choice the game is waiting for, other than a placement-phase turn. */
export type Task =
  | { kind: 'relocateNeighborhood'; seat: Seat; source: EffectSource; picked: NeighborhoodId | null }
  | { kind: 'moveBuilding'; seat: Seat; source: EffectSource }
  | { kind: 'takeControlMarker'; seat: Seat; source: EffectSource }
  | { kind: 'callSpecialElection'; seat: Seat; source: EffectSource }
  | { kind: 'retrieveRabble'; seat: Seat; source: EffectSource; max: number }
  | {
      kind: 'smuggleRabble';
      seat: Seat;
      source: EffectSource;
      picked: { neighborhood: NeighborhoodId; owner: Seat } | null;
    }
  /** The last passer picks up to two of the tied neighborhoods, in order. */
  | {
      kind: 'scheduleElections';
      seat: Seat;
      source: EffectSource;
      candidates: NeighborhoodId[];
      chosen: NeighborhoodId[];
    };

/** A building that acts this round, for the player controlling it. */
export interface BuildingTurn {
  building: BuildingId;
  seat: Seat;
}

export type FinishReason = 'fiveBosses' | 'endOfGame';

export type Stage =
  | { phase: 'setup' }
  /** The starting player places the face-down buildings, `faceDown[0]` next (hidden: view.ts never shows it). */
  | { phase: 'buildingSetup'; seat: Seat; faceDown: BuildingId[] }
  | { phase: 'placement'; seat: Seat; placed: boolean; finalTurn: boolean }
  | { phase: 'markers'; nextSlot: number }
  | { phase: 'buildings'; queue: BuildingTurn[] }
  | { phase: 'elections'; queue: NeighborhoodId[]; regularScheduled: boolean }
  | { phase: 'finished'; reason: FinishReason; scores: number[]; winners: Seat[] };

export interface State {
  seats: number;
  round: number;
  startingSeat: Seat;
  /** Neighborhood ids in a fixed order (the deal order), for stable iteration. */
  tiles: NeighborhoodId[];
  neighborhoods: Record<NeighborhoodId, Neighborhood>;
  buildings: PlacedBuilding[];
  players: Player[];
  controlSupply: Record<Color, number>;
  markerRow: MarkerSlot[];
  /** Seats in the order they passed this round. */
  passOrder: Seat[];
  /** Effects won from markers and buildings, in force until the round ends. */
  benefits: Benefit[];
  /** Neighborhoods chosen for special elections this round, in marker order. */
  specialElections: NeighborhoodId[];
  stage: Stage;
  task: Task | null;
}
