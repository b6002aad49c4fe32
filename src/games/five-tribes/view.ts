/** What each viewer may see: the board for drawing it, public holdings, own gold, the pending decision. */
import type { GameStatus, Seat, Viewer } from '../../rules/contract';
import { fromBreakdowns, scoreSheet } from '../../rules/score-sheet';
import { TURN_TRACK_COSTS } from './data/track';
import type { CardKind } from './data/cards';
import type { DjinnId } from './data/djinns';
import { TILE_KINDS, type TileKind, type TileKindDefinition } from './data/tiles';
import { tileAt } from './board';
import { total } from './counts';
import type { Event, SeenEvent } from './events';
import { COLS, ROWS, toCoord, type Coord } from './grid';
import { activeSeat } from './legal-moves';
import { winnersOf } from './scoring';
import {
  seatOf,
  type Marker,
  type Meeples,
  type Phase,
  type PlayerState,
  type ResumeStep,
  type ScoreBreakdown,
  type State,
  type Step,
  type Turn,
} from './state';

/** What a viewer sees of the game: what the page draws. Squares are named `[row, col]`. */
export interface FiveTribesView {
  phase: Phase;
  round: number;
  seats: number;
  viewer: Viewer;
  activeSeat: Seat | null;
  /** The Sultanate, rows top to bottom. */
  board: (TileView | null)[][];
  resourceRow: CardKind[];
  resourceDeckSize: number;
  resourceDiscardSize: number;
  djinnRow: DjinnId[];
  djinnDeckSize: number;
  djinnDiscard: DjinnId[];
  supply: { palmTrees: number; palaces: number; bag: Meeples };
  /** Markers in bidding order, first to bid first. */
  bidTrack: (MarkerHolder | null)[];
  turnTrack: TurnTrackSpot[];
  players: PlayerHoldings[];
  turn: TurnView | null;
  endTrigger: State['endTrigger'];
  /** Once the game is over. */
  scores: ScoreBreakdown[] | null;
}

/** A tile of the Sultanate and what lies on it. */
export interface TileView extends Omit<TileKindDefinition, 'name'> {
  kind: TileKind;
  name: string;
  vp: number;
  meeples: Meeples;
  /** Whose camel lies on it. */
  camel: Seat | null;
  palms: number;
  palaces: number;
}

/** A turn marker and the seat it belongs to. */
export interface MarkerHolder {
  marker: Marker;
  seat: Seat;
}

export interface TurnTrackSpot {
  spot: number;
  /** The gold a bid on this spot costs. */
  cost: number;
  holder: MarkerHolder | null;
}

/** What a player holds, as the state keeps it, but gold. */
export interface PlayerHoldings extends Omit<PlayerState, 'gold'> {
  seat: Seat;
  /** Only the viewer's own, until the game is over. */
  gold?: number;
}

export interface TurnView extends Omit<Turn, 'step' | 'finalTile'> {
  step: StepView;
  finalTile: Coord | null;
}

type StepNamed<N extends Step['name']> = Extract<Step, { name: N }>;

/** A step of the turn as a viewer sees it: squares as `[row, col]`, and the Djinns Sibittis drew only for the drawing seat. */
export type StepView =
  | Exclude<Step, { name: 'moving' | 'placement' | 'assassins' | 'sibittis' }>
  | (Omit<StepNamed<'moving'>, 'origin' | 'path'> & { origin: Coord; path: Coord[] })
  | (Omit<StepNamed<'placement'>, 'origin'> & { origin: Coord })
  | (Omit<StepNamed<'assassins'>, 'target'> & { target: { tile: Coord } | { seat: Seat } | null })
  | StepNamed<'sibittis'>
  | { name: 'sibittis'; drawnCount: number; resume: ResumeStep };

/** Gold is secret until the game is finished; after that everything is public. */
function seesGoldOf(state: State, viewer: Viewer, seat: number): boolean {
  return viewer === 'all' || viewer === seat || state.phase === 'finished';
}

function boardView(state: State): (TileView | null)[][] {
  return Array.from({ length: ROWS }, (_, row) =>
    Array.from({ length: COLS }, (_, col) => {
      const index = row * COLS + col;
      const square = state.board[index];
      if (!square) return null;
      const tile = tileAt(state, index);
      const kind = TILE_KINDS[tile.kind];
      return {
        kind: tile.kind,
        name: kind.name,
        vp: tile.vp,
        valueColor: kind.valueColor,
        action: kind.action,
        compulsory: kind.compulsory,
        meeples: square.meeples,
        camel: square.camel,
        palms: square.palms,
        palaces: square.palaces,
      };
    }),
  );
}

/** The step with tile indices as [row, col]; Sibittis' drawn Djinns only for the drawing seat. */
function stepView(step: Step, mine: boolean): StepView {
  switch (step.name) {
    case 'moving':
      return { ...step, origin: toCoord(step.origin), path: step.path.map(toCoord) };
    case 'placement':
      return { ...step, origin: toCoord(step.origin) };
    case 'assassins':
      return {
        ...step,
        target: step.target && 'tile' in step.target ? { tile: toCoord(step.target.tile) } : step.target,
      };
    case 'sibittis':
      return mine ? step : { name: step.name, drawnCount: step.drawn.length, resume: step.resume };
    default:
      return step;
  }
}

function turnView(turn: Turn | null, viewer: Viewer): TurnView | null {
  if (!turn) return null;
  const mine = viewer === 'all' || viewer === turn.seat;
  return {
    seat: turn.seat,
    marker: turn.marker,
    step: stepView(turn.step, mine),
    finalTile: turn.finalTile === null ? null : toCoord(turn.finalTile),
    buildersDoubled: turn.buildersDoubled,
  };
}

export function view(state: State, viewer: Viewer): FiveTribesView {
  const markerView = (marker: Marker | null): MarkerHolder | null => (marker === null ? null : { marker, seat: seatOf(state, marker) });
  return {
    phase: state.phase,
    round: state.round,
    seats: state.seats,
    viewer,
    activeSeat: activeSeat(state),
    board: boardView(state),
    resourceRow: state.resourceRow,
    resourceDeckSize: total(state.resourceDeck),
    resourceDiscardSize: total(state.resourceDiscard),
    djinnRow: state.djinnRow,
    djinnDeckSize: state.djinnDeck.length,
    djinnDiscard: state.djinnDiscard,
    supply: { palmTrees: state.palmSupply, palaces: state.palaceSupply, bag: state.bag },
    bidTrack: state.bidTrack.map(markerView),
    turnTrack: state.turnTrack.map((marker, spot) => ({ spot, cost: TURN_TRACK_COSTS[spot], holder: markerView(marker) })),
    players: state.players.map((player, seat) => ({
      seat,
      ...(seesGoldOf(state, viewer, seat) ? { gold: player.gold } : {}),
      camels: player.camels,
      viziers: player.viziers,
      elders: player.elders,
      cards: player.cards,
      djinns: player.djinns,
      djinnsUsed: player.djinnsUsed,
    })),
    turn: turnView(state.turn, viewer),
    endTrigger: state.endTrigger,
    scores: state.scores,
  };
}

export function redact(event: Event, viewer: Viewer): SeenEvent {
  if (viewer === 'all') return event;
  if (event.type === 'gold' && event.seat !== viewer) {
    const { amount: _hidden, ...rest } = event;
    return rest;
  }
  if (event.type === 'sibittisDrawn' && event.seat !== viewer) {
    return { type: event.type, seat: event.seat, count: event.djinns.length, resume: event.resume };
  }
  return event;
}

/** The score sheet's lines, in the order of the rules' final scoring. */
const SCORE_CATEGORIES: Record<Exclude<keyof ScoreBreakdown, 'total'>, string> = {
  gold: 'Gold coins',
  viziers: 'Viziers',
  vizierMajority: 'Most Viziers',
  elders: 'Elders',
  djinns: 'Djinns',
  palmTrees: 'Palm trees',
  palaces: 'Palaces',
  tiles: 'Tiles',
  merchandise: 'Merchandise',
};

export function status(state: State): GameStatus {
  if (state.phase === 'finished' && state.scores) {
    return {
      phase: 'finished',
      activeSeats: [],
      finished: true,
      scores: state.scores.map((s) => s.total),
      winners: winnersOf(state.scores),
      detail: { breakdown: state.scores, categories: scoreSheet(SCORE_CATEGORIES, fromBreakdowns(state.scores)), endTrigger: state.endTrigger },
    };
  }
  const seat = activeSeat(state);
  const phase = state.phase === 'playing' && state.turn ? state.turn.step.name : state.phase;
  return {
    phase,
    activeSeats: seat === null ? [] : [seat],
    finished: false,
    detail: { round: state.round, endTrigger: state.endTrigger },
  };
}
