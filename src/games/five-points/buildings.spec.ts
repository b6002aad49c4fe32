/** Buildings: who uses them, in what order, and every building's effect. */
import type { BuildingId } from './data/buildings';
import { votes } from './elections';
import { fivePoints } from './index';
import type { State } from './state';
import { contestedBoard, eventsOfType, play, runAutomatic, withBosses, withBuilding, withPlayer, withWonMarkers } from './test-support/scenario';

/** Goes straight to the building phase (no markers this round) and runs until a choice. */
function activate(state: State, buildings: [BuildingId, string][]) {
  const built = buildings.reduce((s, [building, where]) => withBuilding(s, building, where), state);
  return runAutomatic(withWonMarkers(built, []));
}

it('a building in a tied neighborhood does nothing', () => {
  const { events } = activate(contestedBoard(), [['board-of-elections', 'red-1']]);
  expect(eventsOfType(events, 'buildingsPhaseBegan')[0].queue).toEqual([]);
  expect(eventsOfType(events, 'vpAwarded')).toEqual([]);
});

it('buildings act in passing order of their controllers, Smugglers Tunnel last', () => {
  const { events } = activate(contestedBoard(), [
    ['smugglers-tunnel', 'green-1'],
    ['board-of-elections', 'blue-1'],
    ['sixth-ward-offices', 'green-1'],
  ]);
  // Seat 1 passed first, seat 0 second; Smugglers Tunnel (seat 1) goes last anyway.
  expect(eventsOfType(events, 'buildingsPhaseBegan')[0].queue).toEqual([
    { building: 'sixth-ward-offices', seat: 1 },
    { building: 'board-of-elections', seat: 0 },
    { building: 'smugglers-tunnel', seat: 1 },
  ]);
});

it('Board of Elections: 2 VP at once', () => {
  const { events } = activate(contestedBoard(), [['board-of-elections', 'blue-1']]);
  expect(eventsOfType(events, 'vpAwarded')).toEqual([{ type: 'vpAwarded', seat: 0, vp: 2, reason: 'Board of Elections' }]);
});

it('Newspaper: a control marker of a chosen neighborhood color', () => {
  const { state } = activate(contestedBoard(), [['newspaper', 'green-1']]);
  expect(state.task).toMatchObject({ kind: 'takeControlMarker', seat: 1 });
  const after = play(state, 1, { type: 'takeControlMarker', color: 'orange' }).state;
  expect(after.players[1].controlMarkers.orange).toBe(1);
});

describe('Theater', () => {
  it('offers to retrieve 1 or 2 rabble from the boroughs, or decline', () => {
    const { state } = activate(contestedBoard(), [['theater', 'blue-1']]);
    expect(fivePoints.legalMoves(state, 0)).toEqual([{ type: 'decline' }, { type: 'retrieveRabble', count: 1 }, { type: 'retrieveRabble', count: 2 }]);
    const after = play(state, 0, { type: 'retrieveRabble', count: 2 }).state;
    expect(after.players[0]).toMatchObject({ hq: 11, boroughRabble: 9 });
  });

  it('offers no more than the boroughs hold', () => {
    const { state } = activate(withPlayer(contestedBoard(), 0, { boroughRabble: 1 }), [['theater', 'blue-1']]);
    expect(fivePoints.legalMoves(state, 0)).toEqual([{ type: 'decline' }, { type: 'retrieveRabble', count: 1 }]);
  });
});

it('Five Points Mission: retrieve up to one rabble per own boss on the board', () => {
  const withBossesOut = withBosses(contestedBoard(), 'red-2', [3, 0, 0]);
  const { state } = activate(withBossesOut, [['five-points-mission', 'blue-1']]);
  expect(fivePoints.legalMoves(state, 0)).toHaveLength(1 + 3);
  const none = activate(contestedBoard(), [['five-points-mission', 'blue-1']]);
  expect(none.state.task?.kind).not.toBe('retrieveRabble');
});

it('Polling Place: +1 vote only in an election in its own neighborhood', () => {
  const { state } = activate(contestedBoard(), [['polling-place', 'blue-1']]);
  expect(votes(state, 'blue-1')).toEqual([3, 0, 0]);
  expect(votes(state, 'red-1')).toEqual([1, 1, 0]);
});

it('Sixth Ward Offices: +2 votes in every election', () => {
  const { state } = activate(contestedBoard(), [['sixth-ward-offices', 'green-1']]);
  expect(votes(state, 'red-1')).toEqual([1, 3, 0]);
  expect(votes(state, 'orange-1')).toEqual([0, 2, 0]);
});

it('Zoning Commission: relocate a neighborhood with everything on it', () => {
  const { state } = activate(contestedBoard(), [['zoning-commission', 'blue-1']]);
  expect(state.task).toMatchObject({ kind: 'relocateNeighborhood', seat: 0 });
  const picked = play(state, 0, { type: 'pickNeighborhood', neighborhood: 'blue-1' }).state;
  const moved = play(picked, 0, { type: 'placeNeighborhood', x: 0, y: 2 }).state;
  expect(moved.neighborhoods['blue-1']).toMatchObject({ x: 0, y: 2, rabble: [2, 0, 0] });
  expect(moved.buildings[0]).toMatchObject({ building: 'zoning-commission', neighborhood: 'blue-1' });
});

it('Tammany Hall: nothing during the game', () => {
  const { events } = activate(contestedBoard(), [['tammany-hall', 'blue-1']]);
  expect(eventsOfType(events, 'buildingActivated')).toHaveLength(1);
  expect(eventsOfType(events, 'taskAssigned').filter((e) => e.task.seat === 0)).toEqual([]);
  expect(eventsOfType(events, 'vpAwarded')).toEqual([]);
});

describe('Smugglers Tunnel', () => {
  it('moves one rabble of any player to a different neighborhood', () => {
    const { state } = activate(contestedBoard(), [['smugglers-tunnel', 'green-1']]);
    const moves = fivePoints.legalMoves(state, 1);
    expect(moves).toContainEqual({ type: 'pickRabble', neighborhood: 'blue-1', owner: 0 });
    expect(moves).not.toContainEqual({ type: 'pickRabble', neighborhood: 'blue-1', owner: 1 });
    const picked = play(state, 1, { type: 'pickRabble', neighborhood: 'blue-1', owner: 0 });
    expect(picked.reversible).toBe(true);
    expect(fivePoints.legalMoves(picked.state, 1)).not.toContainEqual({ type: 'smuggleTo', neighborhood: 'blue-1' });
    const smuggled = play(picked.state, 1, { type: 'smuggleTo', neighborhood: 'red-1' });
    expect(eventsOfType(smuggled.events, 'rabbleSmuggled')).toEqual([{ type: 'rabbleSmuggled', seat: 1, owner: 0, from: 'blue-1', to: 'red-1' }]);
    // red-1 now has 3 rabble, the most, so it holds the election right after.
    expect(eventsOfType(smuggled.events, 'electionHeld')[0]).toMatchObject({ neighborhood: 'red-1', winners: [0] });
  });

  it('may be declined', () => {
    const { state } = activate(contestedBoard(), [['smugglers-tunnel', 'green-1']]);
    const declined = play(state, 1, { type: 'decline' });
    expect(eventsOfType(declined.events, 'rabbleSmuggled')).toEqual([]);
  });
});
