/** Setup for 3, 4 and 5 players, and the face-down buildings. */
import { seededRandom } from '../../rules/random';
import { sum } from './board';
import { COLORS } from './data/tiles';
import type { Event } from './events';
import { evolveAll } from './evolve';
import { fivePoints } from './index';
import { isConnected } from './layout';
import type { State } from './state';

function setUp(seats: number, seed = 'setup'): { state: State; events: Event[] } {
  const initial = fivePoints.initialState({ seats, options: {} });
  const events = fivePoints.setup(initial, seededRandom(seed));
  return { state: evolveAll(initial, events), events };
}

describe.each([
  [3, 11],
  [4, 14],
  [5, 17],
])('setup with %i players', (seats, tileCount) => {
  const { state } = setUp(seats);
  const tiles = state.tiles.map((id) => state.neighborhoods[id]);

  it(`deals ${tileCount} tiles with at least one of each color`, () => {
    expect(tiles).toHaveLength(tileCount);
    expect(new Set(state.tiles).size).toBe(tileCount);
    for (const color of COLORS) expect(tiles.some((t) => t.color === color)).toBe(true);
  });

  it('lays the tiles out connected and tight, one per cell', () => {
    expect(isConnected(tiles)).toBe(true);
    expect(new Set(tiles.map((t) => `${t.x},${t.y}`)).size).toBe(tileCount);
    const width = Math.max(...tiles.map((t) => t.x)) + 1;
    const height = Math.max(...tiles.map((t) => t.y)) + 1;
    expect(width * height - tileCount).toBeLessThan(width);
  });

  it('places two revealed buildings in different neighborhoods', () => {
    expect(state.buildings).toHaveLength(2);
    expect(state.buildings[0].building).not.toBe(state.buildings[1].building);
    expect(state.buildings[0].neighborhood).not.toBe(state.buildings[1].neighborhood);
    expect(state.buildings.every((b) => b.faceUp)).toBe(true);
  });

  it('puts exactly one rabble or one building on every tile, three rabble per player', () => {
    for (const tile of tiles) {
      const hasBuilding = state.buildings.some((b) => b.neighborhood === tile.id);
      expect(sum(tile.rabble) + (hasBuilding ? 1 : 0)).toBe(1);
    }
    state.players.forEach((player, seat) => {
      expect(sum(tiles.map((t) => t.rabble[seat]))).toBe(3);
      expect(player.hq).toBe(6);
      expect(player.boroughRabble).toBe(11);
      expect(player.boroughBosses).toBe(5);
    });
  });

  it('draws four markers and starts the placement phase with the starting player', () => {
    expect(state.markerRow).toHaveLength(4);
    expect(state.stage).toEqual({ phase: 'placement', seat: state.startingSeat, placed: false, finalTurn: false });
    expect(fivePoints.status(state).activeSeats).toEqual([state.startingSeat]);
    expect(state.controlSupply).toEqual({ blue: 12, green: 12, red: 12, orange: 12 });
  });
});

/** The buildings seat 1's view shows on the grid. */
function buildingsSeen(state: State): unknown[] {
  const seen = fivePoints.view(state, 1) as { grid: { rows: ({ building: unknown } | null)[][] } };
  return seen.grid.rows.flat().flatMap((cell) => (cell?.building ? [cell.building] : []));
}

describe('face-down buildings', () => {
  const { events } = setUp(4, 'hidden');
  const faceDown = events.filter((e) => e.type === 'buildingPlacedFaceDown');

  it('hides which building lies face down from players and spectators, not from "all"', () => {
    expect(faceDown).toHaveLength(2);
    for (const event of faceDown) {
      expect(fivePoints.redact(event, 0)).toMatchObject({ building: null });
      expect(fivePoints.redact(event, 'spectator')).toMatchObject({ building: null });
      expect(fivePoints.redact(event, 'all')).toEqual(event);
    }
  });

  it('shows face-down buildings without their identity until they are revealed', () => {
    const initial = fivePoints.initialState({ seats: 4, options: {} });
    const beforeReveal = evolveAll(initial, events.slice(0, events.findIndex((e) => e.type === 'buildingsRevealed')));
    expect(buildingsSeen(beforeReveal)).toEqual([{ faceDown: true }, { faceDown: true }]);
    expect(buildingsSeen(evolveAll(initial, events))).toEqual([
      expect.objectContaining({ faceDown: false, id: expect.any(String) }),
      expect.objectContaining({ faceDown: false, id: expect.any(String) }),
    ]);
  });
});

it('is deterministic for a seed', () => {
  expect(setUp(5, 'same').events).toEqual(setUp(5, 'same').events);
  expect(setUp(5, 'same').events).not.toEqual(setUp(5, 'other').events);
});
