/** Manipulation markers: settling bids, left-to-right resolution and every marker's effect. */
import { seededRandom } from '../../rules/random';
import { decide } from './decide';
import { votes } from './elections';
import { fivePoints } from './index';
import { scoreBreakdown } from './scoring';
import type { State } from './state';
import {
  city,
  eventsOfType,
  play,
  playAll,
  runAutomatic,
  withBosses,
  withBuilding,
  withMarkers,
  withPassOrder,
  withRabble,
  withStage,
  withWonMarkers,
} from './test-support/scenario';

/**
 *   blue-1   green-1  red-1
 *   orange-1 blue-2   red-2
 */
function board(): State {
  let state = city(3, [
    ['blue-1', 'green-1', 'red-1'],
    ['orange-1', 'blue-2', 'red-2'],
  ]);
  state = withRabble(state, 'blue-1', [2, 1, 0]);
  state = withRabble(state, 'blue-2', [0, 3, 0]);
  state = withRabble(state, 'red-1', [1, 1, 0]);
  return withPassOrder(state, [2, 1, 0]);
}

/** Resolves the given won markers from the left until a choice is needed. */
function resolve(state: State, won: [string, number | null][]): State {
  return runAutomatic(withWonMarkers(state, won)).state;
}

describe('settling bids', () => {
  it('sends the winning bid to the boroughs, returns the others to their HQs and discards unbid markers', () => {
    let state = withMarkers(
      board(),
      ['control-marker-a', 'votes-2-a', 'votes-1-a', 'votes-2-b'],
      [
        [3, 1, 2],
        [0, 0, 0],
        [0, 2, 0],
        [0, 0, 0],
      ],
    );
    state = withStage(withPassOrder(state, [2, 1]), { phase: 'placement', seat: 0, placed: false, finalTurn: true });
    // Empty boroughs, so passing retrieves nothing and only the bids move.
    state = { ...state, players: state.players.map((p) => ({ ...p, boroughRabble: 0 })) };
    const { state: after, events } = play(state, 0, { type: 'pass' });
    expect(eventsOfType(events, 'bidsSettled')[0].winners).toEqual([0, null, 1, null]);
    expect(after.players.map((p) => p.boroughRabble)).toEqual([3, 2, 0]);
    expect(after.players.map((p) => p.hq)).toEqual([9, 10, 11]);
    // Resolution stops at the first marker's choice; the others follow it.
    expect(after.task).toMatchObject({ kind: 'takeControlMarker', seat: 0 });
    const rest = play(after, 0, { type: 'takeControlMarker', color: 'red' });
    expect(eventsOfType(rest.events, 'markerResolved').map((e) => e.seat)).toEqual([null, 1, null]);
  });
});

it('resolves markers from left to right', () => {
  const first = resolve(withBuilding(board(), 'theater', 'red-2'), [
    ['move-building-a', 1],
    ['control-marker-a', 0],
  ]);
  expect(first.task).toMatchObject({ kind: 'moveBuilding', seat: 1 });
  const second = play(first, 1, { type: 'decline' }).state;
  expect(second.task).toMatchObject({ kind: 'takeControlMarker', seat: 0 });
});

describe('vote markers', () => {
  it('+1 and +2 votes count in every election, even without rabble there', () => {
    const state = resolve(board(), [
      ['votes-1-a', 2],
      ['votes-2-a', 2],
    ]);
    expect(votes(state, 'blue-1')).toEqual([2, 1, 3]);
    expect(votes(state, 'red-1')).toEqual([1, 1, 3]);
  });

  it('+3 votes count only in elections in neighborhoods of the marker’s color', () => {
    const state = resolve(board(), [['votes-3-blue-a', 0]]);
    expect(votes(state, 'blue-2')).toEqual([3, 3, 0]);
    expect(votes(state, 'red-1')).toEqual([1, 1, 0]);
  });

  it('+1 vote per boss counts every boss on the board, as it stands at each election', () => {
    const state = resolve(withBosses(board(), 'orange-1', [0, 2, 0]), [['votes-per-boss-a', 1]]);
    expect(votes(state, 'red-1')).toEqual([1, 3, 0]);
    const withAnotherBoss = withBosses(state, 'red-2', [0, 1, 0]);
    expect(votes(withAnotherBoss, 'red-1')).toEqual([1, 4, 0]);
  });
});

describe('move a neighborhood', () => {
  const start = () => resolve(board(), [['move-neighborhood-a', 0]]);

  it('moves a tile with everything on it in two steps, the first one reversible', () => {
    const picked = play(start(), 0, { type: 'pickNeighborhood', neighborhood: 'blue-1' });
    expect(picked.reversible).toBe(true);
    const moved = play(picked.state, 0, { type: 'placeNeighborhood', x: 3, y: 1 });
    expect(moved.state.neighborhoods['blue-1']).toMatchObject({ x: 3, y: 1, rabble: [2, 1, 0] });
    expect(moved.reversible).toBe(false);
    expect(moved.events).toContainEqual({ type: 'taskFinished' });
  });

  it('refuses a move that would leave the layout disconnected', () => {
    // A line of three tiles: the middle one holds the city together.
    const line = resolve(city(3, [['blue-1', 'green-1', 'red-1']]), [['move-neighborhood-a', 0]]);
    expect(fivePoints.legalMoves(line, 0)).not.toContainEqual({ type: 'pickNeighborhood', neighborhood: 'green-1' });
    expect(decide(line, { type: 'pickNeighborhood', neighborhood: 'green-1' }, 0, seededRandom('x'))).toMatchObject({
      ok: false,
      code: 'ILLEGAL_MOVE',
    });
    // The end tile may not go where it would touch nothing but the cell it leaves.
    const picked = play(line, 0, { type: 'pickNeighborhood', neighborhood: 'red-1' }).state;
    expect(decide(picked, { type: 'placeNeighborhood', x: 3, y: 0 }, 0, seededRandom('x')).ok).toBe(false);
    expect(fivePoints.legalMoves(picked, 0)).toEqual(
      [
        [0, -1],
        [1, -1],
        [-1, 0],
        [0, 1],
        [1, 1],
      ].map(([x, y]) => ({ type: 'placeNeighborhood', x, y })),
    );
  });

  it('may be declined', () => {
    const declined = play(start(), 0, { type: 'decline' }).state;
    expect(declined.neighborhoods['blue-1']).toMatchObject({ x: 0, y: 0 });
    expect(declined.task?.kind).not.toBe('relocateNeighborhood');
  });
});

describe('move a building', () => {
  it('moves a building to a neighborhood without one', () => {
    const state = resolve(withBuilding(withBuilding(board(), 'theater', 'red-2'), 'newspaper', 'orange-1'), [['move-building-a', 2]]);
    const moves = fivePoints.legalMoves(state, 2);
    expect(moves).not.toContainEqual({ type: 'moveBuilding', building: 'theater', neighborhood: 'orange-1' });
    const moved = play(state, 2, { type: 'moveBuilding', building: 'theater', neighborhood: 'blue-1' }).state;
    expect(moved.buildings.find((b) => b.building === 'theater')?.neighborhood).toBe('blue-1');
  });
});

describe('take a control marker', () => {
  it('takes one marker of the chosen color; an exhausted color is not offered', () => {
    const blueExhausted = { ...board(), controlSupply: { blue: 0, green: 5, red: 5, orange: 5 } };
    const state = resolve(blueExhausted, [['control-marker-a', 1]]);
    expect(fivePoints.legalMoves(state, 1)).toEqual([
      { type: 'takeControlMarker', color: 'green' },
      { type: 'takeControlMarker', color: 'red' },
      { type: 'takeControlMarker', color: 'orange' },
    ]);
    const taken = play(state, 1, { type: 'takeControlMarker', color: 'red' }).state;
    expect(taken.players[1].controlMarkers.red).toBe(1);
    expect(taken.controlSupply.red).toBe(4);
  });
});

describe('4 VP for the majority of a color', () => {
  it('pays 4 VP when the owner controls more neighborhoods of that color than anyone', () => {
    // Seat 0 controls blue-1 (2 v 1), seat 1 controls blue-2: a tie, so nothing.
    const tie = runAutomatic(withWonMarkers(board(), [['majority-blue-a', 0]]));
    expect(eventsOfType(tie.events, 'vpAwarded')).toEqual([]);
    const lead = runAutomatic(withWonMarkers(withRabble(board(), 'blue-2', [4, 3, 0]), [['majority-blue-a', 0]]));
    expect(eventsOfType(lead.events, 'vpAwarded')).toEqual([expect.objectContaining({ seat: 0, vp: 4 })]);
  });
});

describe('special election', () => {
  it('lets the owner choose a neighborhood with rabble and marks it', () => {
    const state = resolve(board(), [['special-election-a', 1]]);
    expect(fivePoints.legalMoves(state, 1)).toEqual(['blue-1', 'red-1', 'blue-2'].map((neighborhood) => ({ type: 'callSpecialElection', neighborhood })));
    const called = play(state, 1, { type: 'callSpecialElection', neighborhood: 'red-1' });
    expect(eventsOfType(called.events, 'specialElectionCalled')).toHaveLength(1);
    expect(eventsOfType(called.events, 'electionHeld')[0].neighborhood).toBe('red-1');
  });

  it('with two special election markers, the second cannot pick the first one’s neighborhood', () => {
    const first = resolve(board(), [
      ['special-election-a', 1],
      ['special-election-b', 0],
    ]);
    const second = play(first, 1, { type: 'callSpecialElection', neighborhood: 'red-1' }).state;
    expect(fivePoints.legalMoves(second, 0)).not.toContainEqual({ type: 'callSpecialElection', neighborhood: 'red-1' });
  });
});

describe('1 VP per controlled neighborhood', () => {
  /** Seat 1 controls blue-1 and blue-2, red-1 is tied; blue-2 alone has the most rabble and holds the election. */
  const beforeElection = () => withRabble(board(), 'blue-1', [0, 1, 0]);

  it('pays after the round’s elections, counting control then (ruling): not when the marker resolves', () => {
    const { events } = runAutomatic(withWonMarkers(beforeElection(), [['vp-per-control-a', 1]]));
    const order = events.map((e) => e.type);
    // At the marker seat 1 controls two neighborhoods; the election in blue-2 clears one of them.
    expect(order.indexOf('vpAwarded')).toBeGreaterThan(order.indexOf('electionHeld'));
    expect(order.indexOf('vpAwarded')).toBeLessThan(order.indexOf('roundEnded'));
    expect(eventsOfType(events, 'electionHeld')).toEqual([expect.objectContaining({ neighborhood: 'blue-2', winners: [1] })]);
    expect(eventsOfType(events, 'vpAwarded')).toEqual([{ type: 'vpAwarded', seat: 1, vp: 1, reason: '1 VP per controlled neighborhood' }]);
  });

  it('counts ties as nobody’s, and pays nothing for no control', () => {
    const { events } = runAutomatic(withWonMarkers(beforeElection(), [['vp-per-control-a', 0]]));
    expect(eventsOfType(events, 'vpAwarded')).toEqual([]);
  });

  it('is in the final score when the game ends with that round', () => {
    const ending = { ...beforeElection(), controlSupply: { blue: 12, green: 12, red: 12, orange: 0 } };
    const { events, state } = runAutomatic(withWonMarkers(ending, [['vp-per-control-a', 1]]));
    const [ended] = eventsOfType(events, 'gameEnded');
    expect(state.players[1].vp).toBe(1);
    expect(ended.scores[1]).toBe(scoreBreakdown(state, 1).total);
    expect(scoreBreakdown(state, 1).vpMarkers).toBe(1);
  });
});

it('a marker won by nobody has no effect', () => {
  const { state } = runAutomatic(withWonMarkers(board(), [['control-marker-a', null]]));
  expect(state.benefits).toEqual([]);
  expect(state.players.every((p) => p.controlMarkers.blue + p.controlMarkers.red === 0)).toBe(true);
});

it('a two-step choice keeps the same player and can be played as listed', () => {
  const state = resolve(board(), [['move-neighborhood-a', 0]]);
  const done = playAll(state, 0, [
    { type: 'pickNeighborhood', neighborhood: 'red-2' },
    { type: 'placeNeighborhood', x: 0, y: 2 },
  ]);
  expect(done.state.neighborhoods['red-2']).toMatchObject({ x: 0, y: 2 });
});
