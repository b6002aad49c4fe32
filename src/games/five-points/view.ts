/**
 * What clients see. The only hidden information is the identity of the
 * buildings drawn and placed face down (during setup, before the reveal;
 * the state keeps them in the `buildingSetup` stage, which no view shows);
 * the marker pool is reshuffled each round and never looked at.
 */
import type { GameStatus, RulesEvent, Seat, Viewer } from '../../rules/contract';
import { fromBreakdowns, scoreSheet } from '../../rules/score-sheet';
import { bossesOnBoard } from './board';
import { BUILDINGS, type BuildingId } from './data/buildings';
import type { Effect } from './data/effects';
import { markerDef, type MarkerId } from './data/markers';
import type { Color, NeighborhoodId } from './data/tiles';
import type { Event } from './events';
import { bounds } from './layout';
import { finalScores, scoreBreakdown, type ScoreBreakdown } from './scoring';
import { activeSeats, describeDecision } from './turn';
import type { Benefit, PlacedBuilding, Stage, State, Task } from './state';

/** What a viewer sees of the game: what the page draws. */
export interface FivePointsView {
  /** 0 during setup. */
  round: number;
  phase: Stage['phase'];
  startingSeat: Seat;
  activeSeats: Seat[];
  /** What the active seats are asked now, in words ("place a rabble or bid"); `nothing` when no one is. */
  decision: string;
  placementTurn: Extract<Stage, { phase: 'placement' }> | null;
  pendingChoice: Task | null;
  grid: CityGrid;
  markers: MarkerView[];
  /** Seats in the order they passed this round. */
  passOrder: Seat[];
  effectsWonThisRound: Benefit[];
  electionQueue: NeighborhoodId[];
  controlSupply: Record<Color, number>;
  players: PlayerHoldings[];
  result: Extract<Stage, { phase: 'finished' }> | null;
}

/** The city as rows of cells, top to bottom, null where there is no tile; `originX`, `originY` are the grid position of the top left cell. */
export interface CityGrid {
  originX: number;
  originY: number;
  rows: (NeighborhoodView | null)[][];
}

export interface NeighborhoodView {
  neighborhood: NeighborhoodId;
  color: Color;
  x: number;
  y: number;
  /** Per seat. */
  rabble: number[];
  /** Per seat. */
  bosses: number[];
  building: BuildingView | null;
  specialElection: boolean;
}

/** A building on the board: which one only once it is face up (or to `'all'`). */
export interface BuildingView {
  faceDown: boolean;
  id?: BuildingId;
  name?: string;
}

/** A manipulation marker in the row, with the bids on it. */
export interface MarkerView {
  index: number;
  id: MarkerId;
  name: string;
  effect: Effect;
  /** Per seat. */
  bids: number[];
  winner: Seat | null;
}

export interface PlayerHoldings {
  seat: Seat;
  hq: number;
  boroughs: { rabble: number; bosses: number };
  bossesOnBoard: number;
  controlMarkers: Record<Color, number>;
  vp: number;
  /** The score as it would stand if the game ended now. */
  score: ScoreBreakdown;
}

function buildingView(placed: PlacedBuilding | undefined, viewer: Viewer): BuildingView | null {
  if (!placed) return null;
  if (!placed.faceUp && viewer !== 'all') return { faceDown: true };
  const def = BUILDINGS[placed.building];
  return { faceDown: !placed.faceUp, id: def.id, name: def.name };
}

/** The city as rows of cells, top to bottom; null where there is no tile. */
function gridView(state: State, viewer: Viewer): CityGrid {
  const tiles = state.tiles.map((id) => state.neighborhoods[id]);
  if (tiles.length === 0) return { originX: 0, originY: 0, rows: [] };
  const box = bounds(tiles);
  const rows = Array.from({ length: box.height }, (_, row) =>
    Array.from({ length: box.width }, (_, col) => {
      const n = tiles.find((t) => t.x === box.minX + col && t.y === box.minY + row);
      if (!n) return null;
      return {
        neighborhood: n.id,
        color: n.color,
        x: n.x,
        y: n.y,
        rabble: n.rabble,
        bosses: n.bosses,
        building: buildingView(
          state.buildings.find((b) => b.neighborhood === n.id),
          viewer,
        ),
        specialElection: state.specialElections.includes(n.id),
      };
    }),
  );
  return { originX: box.minX, originY: box.minY, rows };
}

export function view(state: State, viewer: Viewer): FivePointsView {
  return {
    round: state.round,
    phase: state.stage.phase,
    startingSeat: state.startingSeat,
    activeSeats: activeSeats(state),
    decision: describeDecision(state),
    placementTurn: state.stage.phase === 'placement' ? state.stage : null,
    pendingChoice: state.task,
    grid: gridView(state, viewer),
    markers: state.markerRow.map((slot, index) => ({
      index,
      id: slot.marker,
      name: markerDef(slot.marker).name,
      effect: markerDef(slot.marker).effect,
      bids: slot.bids,
      winner: slot.winner,
    })),
    passOrder: state.passOrder,
    effectsWonThisRound: state.benefits,
    electionQueue: state.stage.phase === 'elections' ? state.stage.queue : [],
    controlSupply: state.controlSupply,
    players: state.players.map((p, seat) => ({
      seat,
      hq: p.hq,
      boroughs: { rabble: p.boroughRabble, bosses: p.boroughBosses },
      bossesOnBoard: bossesOnBoard(state, seat),
      controlMarkers: p.controlMarkers,
      vp: p.vp,
      score: scoreBreakdown(state, seat),
    })),
    result: state.stage.phase === 'finished' ? state.stage : null,
  };
}

/** Which buildings lie face down is hidden from every player until the reveal. */
export function redact(event: Event, viewer: Viewer): RulesEvent {
  if (viewer === 'all') return event;
  if (event.type === 'buildingsDrawn') return { ...event, buildings: null };
  if (event.type === 'buildingPlacedFaceDown') return { ...event, building: null };
  return event;
}

/** The score sheet's lines (ruling 8). */
const SCORE_CATEGORIES: Record<Exclude<keyof ScoreBreakdown, 'total'>, string> = {
  vpMarkers: 'Victory points won in play',
  bosses: 'Bosses on the board',
  controlMarkers: 'Control markers',
  colorSets: 'Sets of all colors',
  buildings: 'Buildings',
};

export function status(state: State): GameStatus {
  const stage = state.stage;
  if (stage.phase === 'finished') {
    return {
      phase: 'finished',
      activeSeats: [],
      finished: true,
      scores: stage.scores,
      winners: stage.winners,
      detail: { reason: stage.reason, categories: scoreSheet(SCORE_CATEGORIES, fromBreakdowns(state.players.map((_, seat) => scoreBreakdown(state, seat)))) },
    };
  }
  return { phase: stage.phase, activeSeats: activeSeats(state), finished: false, scores: finalScores(state) };
}
