/** The election phase: where elections are held, votes, bosses, control markers and a fifth boss. */
import { seededRandom } from '../../rules/random';
import { decide } from './decide';
import { fivePoints } from './index';
import type { Benefit, State } from './state';
import { city, eventsOfType, play, runAutomatic, withBosses, withPassOrder, withRabble, withStage } from './test-support/scenario';

/**
 *   blue-1   green-1  red-1
 *   orange-1 blue-2   red-2
 *   green-2  orange-2 blue-3
 */
function board(seats = 3): State {
  const state = city(seats, [
    ['blue-1', 'green-1', 'red-1'],
    ['orange-1', 'blue-2', 'red-2'],
    ['green-2', 'orange-2', 'blue-3'],
  ]);
  return withPassOrder(
    state,
    Array.from({ length: seats }, (_, seat) => seat),
  );
}

/** Starts the election phase (after an empty building phase) and runs until a choice or the next round. */
function elect(state: State) {
  return runAutomatic(withStage(state, { phase: 'buildings', queue: [] }));
}

const bonus = (seat: number, votes: number): Benefit => ({
  seat,
  effect: { kind: 'votes', votes },
  source: { marker: 0 },
});

describe('a single election', () => {
  let state = withRabble(withRabble(board(), 'blue-2', [3, 1, 0]), 'green-1', [1, 0, 0]);
  state = withBosses(state, 'blue-2', [0, 1, 0]);

  it('is held where the most rabble stand; the winner places a boss after everything there is removed', () => {
    const { events, state: after } = elect(state);
    const [held] = eventsOfType(events, 'electionHeld');
    expect(held).toMatchObject({ neighborhood: 'blue-2', votes: [3, 1, 0], winners: [0], bossesPlaced: [0] });
    // Mid-round state is gone (next round started), so check the pieces: blue-2 holds only seat 0's boss.
    expect(after.neighborhoods['blue-2']).toMatchObject({ rabble: [0, 0, 0], bosses: [1, 0, 0] });
    expect(after.players[1].boroughBosses).toBe(5);
  });

  it('counts bonus votes, which can win without any rabble there', () => {
    const { events } = elect({ ...state, benefits: [bonus(2, 4)] });
    expect(eventsOfType(events, 'electionHeld')[0]).toMatchObject({ votes: [3, 1, 4], winners: [2] });
  });

  it('gives every player tied on votes a boss', () => {
    const { events, state: after } = elect({ ...state, benefits: [bonus(1, 2)] });
    expect(eventsOfType(events, 'electionHeld')[0]).toMatchObject({ votes: [3, 3, 0], winners: [0, 1] });
    expect(after.neighborhoods['blue-2'].bosses).toEqual([1, 1, 0]);
  });

  it('is not held when no rabble stand anywhere', () => {
    const { events } = elect(board());
    expect(eventsOfType(events, 'electionHeld')).toEqual([]);
    expect(eventsOfType(events, 'roundStarted')).toHaveLength(1);
  });
});

describe('tied neighborhoods', () => {
  const tiedTwo = withRabble(withRabble(board(), 'blue-1', [2, 0, 0]), 'blue-3', [0, 1, 1]);

  it('the last passer orders two tied neighborhoods', () => {
    const { state } = elect(tiedTwo);
    expect(state.task).toMatchObject({ kind: 'scheduleElections', seat: 2, candidates: ['blue-1', 'blue-3'] });
    expect(decide(state, { type: 'chooseElection', neighborhood: 'blue-1' }, 0, seededRandom('x'))).toMatchObject({
      code: 'NOT_YOUR_TURN',
    });
    const { events } = play(state, 2, { type: 'chooseElection', neighborhood: 'blue-3' });
    expect(eventsOfType(events, 'electionHeld').map((e) => e.neighborhood)).toEqual(['blue-3', 'blue-1']);
  });

  it('with three tied, at most two elections: the last passer picks them in order', () => {
    const tiedThree = withRabble(tiedTwo, 'red-2', [1, 1, 0]);
    const { state } = elect(tiedThree);
    const first = play(state, 2, { type: 'chooseElection', neighborhood: 'red-2' });
    expect(first.reversible).toBe(true);
    expect(fivePoints.legalMoves(first.state, 2)).toEqual([
      { type: 'chooseElection', neighborhood: 'blue-1' },
      { type: 'chooseElection', neighborhood: 'blue-3' },
    ]);
    const { events } = play(first.state, 2, { type: 'chooseElection', neighborhood: 'blue-1' });
    expect(eventsOfType(events, 'electionHeld').map((e) => e.neighborhood)).toEqual(['red-2', 'blue-1']);
  });
});

describe('special elections', () => {
  it('are held first and do not count against the two-election limit', () => {
    let state = withRabble(withRabble(board(), 'blue-1', [2, 0, 0]), 'blue-3', [0, 1, 1]);
    state = withRabble(state, 'orange-2', [0, 1, 0]);
    state = { ...state, specialElections: ['orange-2'] };
    const { state: choosing, events } = elect(state);
    expect(eventsOfType(events, 'electionHeld').map((e) => e.neighborhood)).toEqual(['orange-2']);
    const { events: rest } = play(choosing, 2, { type: 'chooseElection', neighborhood: 'blue-1' });
    expect(eventsOfType(rest, 'electionHeld').map((e) => e.neighborhood)).toEqual(['blue-1', 'blue-3']);
  });

  it('is skipped when its neighborhood has no rabble left', () => {
    const state = { ...withRabble(board(), 'blue-1', [1, 0, 0]), specialElections: ['orange-2'] };
    const { events } = elect(state);
    expect(eventsOfType(events, 'electionSkipped')).toEqual([{ type: 'electionSkipped', neighborhood: 'orange-2' }]);
    expect(eventsOfType(events, 'electionHeld').map((e) => e.neighborhood)).toEqual(['blue-1']);
  });
});

describe('control markers after an election', () => {
  // Election in blue-2 (4 rabble). Orthogonal neighbors: green-1, orange-1, red-2, orange-2; blue-1 is diagonal.
  let state = withRabble(board(), 'blue-2', [4, 0, 0]);
  state = withRabble(state, 'green-1', [0, 2, 1]);
  state = withRabble(state, 'orange-1', [1, 1, 0]);
  state = withRabble(state, 'red-2', [0, 0, 3]);
  state = withRabble(state, 'blue-1', [3, 0, 0]);

  it('go to the sole leader of each orthogonal neighbor, in its color; tied leaders get 1 VP each', () => {
    const { events } = elect(state);
    expect(eventsOfType(events, 'controlMarkerGained').map(({ seat, color }) => ({ seat, color }))).toEqual([
      { seat: 1, color: 'green' },
      { seat: 2, color: 'red' },
    ]);
    expect(eventsOfType(events, 'vpAwarded').map(({ seat, vp }) => ({ seat, vp }))).toEqual([
      { seat: 0, vp: 1 },
      { seat: 1, vp: 1 },
    ]);
  });

  it('are not awarded from an exhausted pile', () => {
    const { events } = elect({ ...state, controlSupply: { ...state.controlSupply, red: 0 } });
    expect(eventsOfType(events, 'controlMarkerGained').map((e) => e.color)).toEqual(['green']);
  });
});

describe('a fifth boss', () => {
  it('wins at once in the middle of the election phase: nothing else is resolved', () => {
    let state = withRabble(withRabble(board(), 'blue-1', [2, 0, 0]), 'blue-3', [0, 2, 0]);
    state = withRabble(state, 'green-1', [0, 1, 0]);
    state = withBosses(state, 'red-1', [0, 4, 0]);
    const { state: choosing } = elect(state);
    const { state: after, events } = play(choosing, 2, { type: 'chooseElection', neighborhood: 'blue-3' });
    expect(eventsOfType(events, 'electionHeld').map((e) => e.neighborhood)).toEqual(['blue-3']);
    expect(eventsOfType(events, 'controlMarkerGained')).toEqual([]);
    expect(fivePoints.status(after)).toMatchObject({ finished: true, winners: [1], detail: { reason: 'fiveBosses' } });
    expect(fivePoints.legalMoves(after, 0)).toEqual([]);
  });
});
