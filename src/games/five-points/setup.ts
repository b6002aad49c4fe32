/**
 * The state before setup, and setup: the server draws the tiles, layout,
 * starting player and the face-down buildings; the starting player places
 * the buildings; then the starting rabble and the first markers are drawn.
 */
import type { GameConfig } from '../../rules/contract';
import type { Random } from '../../rules/random';
import { BUILDING_IDS } from './data/buildings';
import {
  BOSSES_PER_PLAYER,
  BUILDINGS_IN_PLAY,
  CONTROL_MARKERS_PER_COLOR,
  RABBLE_ON_HQ_AT_SETUP,
  RABBLE_PER_PLAYER,
  STARTING_RABBLE_ON_BOARD,
} from './data/pieces';
import { COLORS, EXTRA_TILES_BY_PLAYER_COUNT, TILES, type Color, type TileDef } from './data/tiles';
import { buildingAt } from './board';
import type { Event, EventOf } from './events';
import { compactCells } from './layout';
import type { Move, MoveOf } from './moves';
import { startRound } from './round';
import type { State } from './state';

type BuildingSetupStage = Extract<State['stage'], { phase: 'buildingSetup' }>;

const perColor = (count: number) => Object.fromEntries(COLORS.map((c) => [c, count])) as Record<Color, number>;

export function initialState(config: GameConfig): State {
  return {
    seats: config.seats,
    round: 0,
    startingSeat: 0,
    tiles: [],
    neighborhoods: {},
    buildings: [],
    players: Array.from({ length: config.seats }, () => ({
      hq: RABBLE_ON_HQ_AT_SETUP,
      boroughRabble: RABBLE_PER_PLAYER - RABBLE_ON_HQ_AT_SETUP,
      boroughBosses: BOSSES_PER_PLAYER,
      controlMarkers: perColor(0),
      vp: 0,
    })),
    controlSupply: perColor(CONTROL_MARKERS_PER_COLOR),
    markerRow: [],
    passOrder: [],
    benefits: [],
    specialElections: [],
    stage: { phase: 'setup' },
    task: null,
  };
}

/** One tile of each color plus the player count's extra tiles, all at random. */
function drawTiles(seats: number, random: Random): TileDef[] {
  const oneOfEachColor = COLORS.map((color) => random.pick(TILES.filter((t) => t.color === color)));
  const rest = random.shuffle(TILES.filter((t) => !oneOfEachColor.includes(t)));
  return [...oneOfEachColor, ...rest.slice(0, EXTRA_TILES_BY_PLAYER_COUNT[seats])];
}

function dealLayout(state: State, random: Random): EventOf<'layoutDealt'> {
  const tiles = random.shuffle(drawTiles(state.seats, random));
  const cells = compactCells(tiles.length);
  return {
    type: 'layoutDealt',
    startingSeat: random.int(state.seats),
    tiles: tiles.map((tile, i) => ({ neighborhood: tile.id, color: tile.color, ...cells[i] })),
  };
}

/**
 * "Shuffle the buildings, the starting player should place two of them face
 * down on the board": the draw is the server's, hidden from every player.
 */
export function setup(state: State, random: Random): Event[] {
  const layout = dealLayout(state, random);
  const buildings = random.shuffle(BUILDING_IDS).slice(0, BUILDINGS_IN_PLAY);
  return [layout, { type: 'buildingsDrawn', seat: layout.startingSeat, buildings }];
}

/** Where the next face-down building may go: "in different neighborhoods". */
export function buildingSetupMoves(state: State): Move[] {
  return state.tiles.filter((neighborhood) => !buildingAt(state, neighborhood)).map((neighborhood) => ({ type: 'placeBuilding', neighborhood }));
}

/** The next face-down building goes where the starting player chose. */
export function buildingSetupEvents(stage: BuildingSetupStage, move: MoveOf<'placeBuilding'>): Event[] {
  return [{ type: 'buildingPlacedFaceDown', seat: stage.seat, building: stage.faceDown[0], neighborhood: move.neighborhood }];
}

/** Three rabble per player drawn from a bag, one onto each neighborhood without a building. */
function placeStartingRabble(state: State, random: Random): Event {
  const freeTiles = state.tiles.filter((neighborhood) => !buildingAt(state, neighborhood));
  const bag = random.shuffle(Array.from({ length: state.seats * STARTING_RABBLE_ON_BOARD }, (_, i) => i % state.seats));
  return {
    type: 'startingRabblePlaced',
    placements: bag.map((seat, i) => ({ seat, neighborhood: freeTiles[i] })),
  };
}

/**
 * Once the buildings are down: the starting rabble, skipping their
 * neighborhoods; the buildings revealed "just before the starting player
 * takes a turn"; and the first round.
 */
export function finishSetup(state: State, random: Random): Event[] {
  return [
    placeStartingRabble(state, random),
    { type: 'buildingsRevealed', buildings: state.buildings.map(({ building, neighborhood }) => ({ building, neighborhood })) },
    startRound(1, state.startingSeat, random),
  ];
}
