/**
 * Setup for 3, 4 and 5 players: the server's draw, the starting player
 * placing the two face-down buildings, the starting rabble drawn after
 * them; and games stored before the starting player placed the buildings.
 */
import type { Viewer } from '../../rules/contract';
import { seededRandom } from '../../rules/random';
import { sum } from './board';
import { BUILDINGS, BUILDING_IDS } from './data/buildings';
import { COLORS, type NeighborhoodId } from './data/tiles';
import type { Event } from './events';
import { evolveAll } from './evolve';
import { fivePoints } from './index';
import { isConnected } from './layout';
import type { State } from './state';
import stored from './test-support/stored-first-round.json';
import { eventsOfType, play } from './test-support/scenario';

/** The server's part of setup: tiles, layout, starting player, the two buildings drawn face down. */
function drawn(seats: number, seed = 'setup'): { state: State; events: Event[] } {
  const initial = fivePoints.initialState({ seats, options: {} });
  const events = fivePoints.setup(initial, seededRandom(seed));
  return { state: evolveAll(initial, events), events };
}

/** Setup to the first turn: the starting player puts the buildings on `sites` (by default the last two tiles). */
function setUp(seats: number, seed = 'setup', sites?: NeighborhoodId[]): { state: State; events: Event[] } {
  const start = drawn(seats, seed);
  const seat = start.state.startingSeat;
  return (sites ?? start.state.tiles.slice(-2)).reduce((done, neighborhood, i) => {
    const next = play(done.state, seat, { type: 'placeBuilding', neighborhood }, `${seed}-${i}`);
    return { state: next.state, events: [...done.events, ...next.events] };
  }, start);
}

describe.each([
  [3, 11],
  [4, 14],
  [5, 17],
])('setup with %i players', (seats, tileCount) => {
  const { state: beforeBuildings } = drawn(seats);
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

  it('draws two different buildings face down, then waits for the starting player to place them anywhere', () => {
    const seat = beforeBuildings.startingSeat;
    expect(beforeBuildings.stage).toEqual({ phase: 'buildingSetup', seat, faceDown: [expect.any(String), expect.any(String)] });
    const stage = beforeBuildings.stage as Extract<State['stage'], { phase: 'buildingSetup' }>;
    expect(stage.faceDown[0]).not.toBe(stage.faceDown[1]);
    expect(fivePoints.status(beforeBuildings)).toMatchObject({ phase: 'buildingSetup', activeSeats: [seat] });
    expect(fivePoints.legalMoves(beforeBuildings, seat)).toEqual(beforeBuildings.tiles.map((neighborhood) => ({ type: 'placeBuilding', neighborhood })));
    for (let other = 0; other < seats; other++) {
      if (other !== seat) expect(fivePoints.legalMoves(beforeBuildings, other)).toEqual([]);
    }
    // Nothing else is on the board yet: the rabble are drawn after the buildings.
    expect(beforeBuildings.buildings).toEqual([]);
    expect(beforeBuildings.tiles.every((id) => sum(beforeBuildings.neighborhoods[id].rabble) === 0)).toBe(true);
    expect(beforeBuildings.markerRow).toEqual([]);
  });

  it('places the drawn buildings where the starting player chose, and reveals them', () => {
    const stage = beforeBuildings.stage as Extract<State['stage'], { phase: 'buildingSetup' }>;
    expect(state.buildings).toEqual([
      { building: stage.faceDown[0], neighborhood: state.tiles[tileCount - 2], faceUp: true },
      { building: stage.faceDown[1], neighborhood: state.tiles[tileCount - 1], faceUp: true },
    ]);
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

describe('the starting player places the face-down buildings', () => {
  const start = drawn(3, 'choice');
  const seat = start.state.startingSeat;
  const [first, second] = [start.state.tiles[0], start.state.tiles[5]];

  it('one at a time: the first may be taken back, the second (which draws the rabble and markers) may not', () => {
    const one = play(start.state, seat, { type: 'placeBuilding', neighborhood: first });
    expect(one.reversible).toBe(true);
    expect(one.events).toEqual([{ type: 'buildingPlacedFaceDown', seat, building: expect.any(String), neighborhood: first }]);
    expect(fivePoints.status(one.state)).toMatchObject({ phase: 'buildingSetup', activeSeats: [seat] });
    const two = play(one.state, seat, { type: 'placeBuilding', neighborhood: second });
    expect(two.reversible).toBe(false);
    expect(two.events.map((e) => e.type)).toEqual(['buildingPlacedFaceDown', 'startingRabblePlaced', 'buildingsRevealed', 'roundStarted']);
  });

  it('in different neighborhoods: the first one’s neighborhood is neither offered nor accepted', () => {
    const one = play(start.state, seat, { type: 'placeBuilding', neighborhood: first }).state;
    expect(fivePoints.legalMoves(one, seat)).not.toContainEqual({ type: 'placeBuilding', neighborhood: first });
    expect(fivePoints.legalMoves(one, seat)).toHaveLength(start.state.tiles.length - 1);
    const again = fivePoints.decide(one, { type: 'placeBuilding', neighborhood: first }, seat, seededRandom('x'));
    expect(again).toMatchObject({ ok: false, code: 'ILLEGAL_MOVE' });
  });

  it('only the starting player places them', () => {
    const other = (seat + 1) % 3;
    const decision = fivePoints.decide(start.state, { type: 'placeBuilding', neighborhood: first }, other, seededRandom('x'));
    expect(decision).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
  });

  it('the starting rabble are drawn after them, skipping the neighborhoods they chose', () => {
    const { state, events } = setUp(3, 'choice', [first, second]);
    const [rabble] = eventsOfType(events, 'startingRabblePlaced');
    expect(rabble.placements.map((p) => p.neighborhood).sort()).toEqual(state.tiles.filter((id) => id !== first && id !== second).sort());
    expect(sum(state.neighborhoods[first].rabble) + sum(state.neighborhoods[second].rabble)).toBe(0);
  });

  it('is deterministic for a seed and the same choices', () => {
    expect(setUp(5, 'same').events).toEqual(setUp(5, 'same').events);
    expect(setUp(5, 'same').events).not.toEqual(setUp(5, 'other').events);
  });
});

/** The buildings seat 1's view shows on the grid. */
function buildingsSeen(state: State, viewer: Viewer = 1): unknown[] {
  const seen = fivePoints.view(state, viewer);
  return seen.grid.rows.flat().flatMap((cell) => (cell?.building ? [cell.building] : []));
}

describe('face-down buildings', () => {
  const { events } = setUp(4, 'hidden');
  const hiddenEvents = events.filter((e) => e.type === 'buildingsDrawn' || e.type === 'buildingPlacedFaceDown');
  const initial = fivePoints.initialState({ seats: 4, options: {} });
  const versionsBeforeReveal = events
    .slice(
      0,
      events.findIndex((e) => e.type === 'buildingsRevealed'),
    )
    .map((_, i) => evolveAll(initial, events.slice(0, i + 1)));

  it('hides which buildings were drawn and placed from players and spectators, not from "all"', () => {
    expect(hiddenEvents.map((e) => e.type)).toEqual(['buildingsDrawn', 'buildingPlacedFaceDown', 'buildingPlacedFaceDown']);
    expect(fivePoints.redact(hiddenEvents[0], 0)).toMatchObject({ buildings: null });
    for (const event of hiddenEvents.slice(1)) {
      expect(fivePoints.redact(event, 0)).toMatchObject({ building: null });
      expect(fivePoints.redact(event, 'spectator')).toMatchObject({ building: null });
      expect(fivePoints.redact(event, 'all')).toEqual(event);
    }
  });

  it('shows no player which buildings lie face down before the reveal, not even the one placing them', () => {
    const faceDown = (events[1] as Extract<Event, { type: 'buildingsDrawn' }>).buildings!;
    const names = faceDown.flatMap((id) => [`"${id}"`, BUILDINGS[id].name]);
    for (const state of versionsBeforeReveal) {
      for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
        const seen = JSON.stringify(fivePoints.view(state, viewer));
        for (const name of names) expect(seen).not.toContain(name);
      }
    }
    const placedOne = versionsBeforeReveal.find((s) => s.buildings.length === 2)!;
    expect(buildingsSeen(placedOne)).toEqual([{ faceDown: true }, { faceDown: true }]);
    expect(buildingsSeen(evolveAll(initial, events))).toEqual([
      expect.objectContaining({ faceDown: false, id: expect.any(String) }),
      expect.objectContaining({ faceDown: false, id: expect.any(String) }),
    ]);
  });

  it('draws only buildings of the box', () => {
    const faceDown = (events[1] as Extract<Event, { type: 'buildingsDrawn' }>).buildings!;
    for (const id of faceDown) expect(BUILDING_IDS).toContain(id);
  });
});

describe('games stored before the starting player placed the buildings', () => {
  // The first round of a game stored by the earlier rules: the server placed both buildings during
  // setup, and the "1 VP per controlled neighborhood" marker paid when it resolved.
  const events = stored.events as Event[];
  const initial = fivePoints.initialState({ seats: stored.seats, options: {} });

  it('fold exactly as they did then', () => {
    expect(events.slice(0, 3).map((e) => e.type)).toEqual(['layoutDealt', 'buildingPlacedFaceDown', 'buildingPlacedFaceDown']);
    expect(JSON.parse(JSON.stringify(evolveAll(initial, events)))).toEqual(stored.state);
  });

  it('answer view, legal moves and status at every version, and nobody is asked to place a building', () => {
    let state = initial;
    for (const event of events) {
      state = fivePoints.evolve(state, event);
      const status = fivePoints.status(state);
      expect(status.phase).not.toBe('buildingSetup');
      for (let seat = 0; seat < stored.seats; seat++) {
        expect(fivePoints.legalMoves(state, seat).every((move) => move.type !== 'placeBuilding')).toBe(true);
        expect(fivePoints.view(state, seat)).toBeDefined();
      }
    }
  });

  it('tell the server’s placement in words without a player', () => {
    const placed = events[1];
    expect(fivePoints.describe!(fivePoints.redact(placed, 0) as Event, () => 'Ann')).toBe('A building was placed face down on Blue 1.');
  });

  it('play on under today’s rules', () => {
    const state = evolveAll(initial, events);
    const [seat] = fivePoints.status(state).activeSeats;
    for (const move of fivePoints.legalMoves(state, seat)) {
      expect(fivePoints.decide(state, move, seat, seededRandom('on'))).toMatchObject({ ok: true });
    }
  });
});
