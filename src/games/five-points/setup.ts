/**
 * The state before setup, and the setup draw: tiles, layout, starting
 * player, face-down buildings, starting rabble and the first markers.
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
import type { Event, EventOf } from './events';
import { compactCells } from './layout';
import { startRound } from './round';
import type { State } from './state';

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

/** Two random buildings in two different random neighborhoods (ruling: the server places them). */
function placeBuildings(tiles: readonly string[], random: Random): EventOf<'buildingPlacedFaceDown'>[] {
  const buildings = random.shuffle(BUILDING_IDS).slice(0, BUILDINGS_IN_PLAY);
  const sites = random.shuffle(tiles).slice(0, BUILDINGS_IN_PLAY);
  return buildings.map((building, i) => ({ type: 'buildingPlacedFaceDown', building, neighborhood: sites[i] }));
}

/** Three rabble per player drawn from a bag, one onto each neighborhood without a building. */
function placeStartingRabble(seats: number, freeTiles: readonly string[], random: Random): Event {
  const bag = random.shuffle(Array.from({ length: seats * STARTING_RABBLE_ON_BOARD }, (_, i) => i % seats));
  return {
    type: 'startingRabblePlaced',
    placements: bag.map((seat, i) => ({ seat, neighborhood: freeTiles[i] })),
  };
}

export function setup(state: State, random: Random): Event[] {
  const layout = dealLayout(state, random);
  const tiles = layout.tiles.map((t) => t.neighborhood);
  const buildings = placeBuildings(tiles, random);
  const freeTiles = tiles.filter((t) => !buildings.some((b) => b.neighborhood === t));
  // Revealed just before the starting player's first turn.
  const revealed: Event = {
    type: 'buildingsRevealed',
    buildings: buildings.map((b) => ({ building: b.building!, neighborhood: b.neighborhood })),
  };
  return [
    layout,
    ...buildings,
    placeStartingRabble(state.seats, freeTiles, random),
    revealed,
    startRound(1, layout.startingSeat, random),
  ];
}
