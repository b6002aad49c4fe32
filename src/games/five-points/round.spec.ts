/** End of round, end of game triggers and final scoring. */
import { fivePoints } from './index';
import { finalScores, scoreBreakdown } from './scoring';
import type { State } from './state';
import { city, eventsOfType, play, runAutomatic, withBosses, withBuilding, withPassOrder, withPlayer, withRabble, withStage } from './test-support/scenario';

/**
 *   blue-1   green-1
 *   orange-1 red-1
 */
function board(): State {
  const state = city(3, [
    ['blue-1', 'green-1'],
    ['orange-1', 'red-1'],
  ]);
  return { ...withPassOrder(state, [0, 1, 2]), startingSeat: 1, round: 3 };
}

/** Runs the election phase and what follows it. */
function finishRound(state: State) {
  return runAutomatic(withStage(state, { phase: 'buildings', queue: [] }), 'round');
}

describe('end of round', () => {
  let state = withBosses(withBosses(board(), 'blue-1', [2, 1, 0]), 'green-1', [1, 0, 0]);
  state = withPlayer(state, 1, { boroughRabble: 0 });

  it('retrieves one rabble per boss on the board, as far as the boroughs allow', () => {
    const { events } = finishRound(state);
    expect(eventsOfType(events, 'roundEnded')).toEqual([{ type: 'roundEnded', retrieved: [3, 0, 0] }]);
  });

  it('reshuffles the markers and starts the next round with the next start player', () => {
    const { events, state: next } = finishRound({ ...state, specialElections: ['red-1'], benefits: [] });
    const [started] = eventsOfType(events, 'roundStarted');
    expect(started).toMatchObject({ round: 4, startingSeat: 2 });
    expect(started.markers).toHaveLength(4);
    expect(new Set(started.markers).size).toBe(4);
    expect(next.markerRow.map((m) => m.marker)).toEqual(started.markers);
    expect(next).toMatchObject({ passOrder: [], benefits: [], specialElections: [], task: null });
    expect(next.stage).toEqual({ phase: 'placement', seat: 2, placed: false, finalTurn: false });
  });
});

describe('end of the game', () => {
  it('is triggered by an exhausted control pile, after the round is finished', () => {
    let state = withRabble(withRabble(board(), 'blue-1', [2, 0, 0]), 'red-1', [0, 2, 0]);
    state = withRabble(state, 'green-1', [0, 0, 1]);
    state = { ...state, controlSupply: { ...state.controlSupply, green: 1 } };
    const { state: choosing } = finishRound(state);
    const { events, state: after } = play(choosing, 2, { type: 'chooseElection', neighborhood: 'blue-1' });
    // The green pile runs out at the first election; the second one is still held.
    expect(eventsOfType(events, 'electionHeld').map((e) => e.neighborhood)).toEqual(['blue-1', 'red-1']);
    expect(eventsOfType(events, 'gameEnded')).toEqual([expect.objectContaining({ reason: 'endOfGame' })]);
    expect(fivePoints.status(after).finished).toBe(true);
  });

  it('is triggered when every neighborhood has a boss', () => {
    let state = withBosses(board(), 'blue-1', [1, 0, 0]);
    state = withBosses(state, 'green-1', [0, 1, 0]);
    state = withBosses(state, 'orange-1', [0, 0, 1]);
    state = withRabble(state, 'red-1', [0, 0, 1]);
    const { events } = finishRound(state);
    expect(eventsOfType(events, 'gameEnded')).toEqual([expect.objectContaining({ reason: 'endOfGame', winners: [2] })]);
  });

  it('does not end while some neighborhood lacks a boss and every pile lasts', () => {
    const { events } = finishRound(withBosses(board(), 'blue-1', [1, 1, 1]));
    expect(eventsOfType(events, 'gameEnded')).toEqual([]);
  });
});

describe('final scoring', () => {
  it('adds VP, 5 per boss, 2 per control marker, 5 per set of four colors and Tammany Hall', () => {
    let state = withBosses(board(), 'blue-1', [2, 0, 0]);
    state = withPlayer(state, 0, { vp: 3, controlMarkers: { blue: 2, green: 1, red: 1, orange: 1 } });
    state = withRabble(withBuilding(state, 'tammany-hall', 'red-1'), 'red-1', [2, 1, 0]);
    expect(scoreBreakdown(state, 0)).toEqual({
      vpMarkers: 3,
      bosses: 10,
      controlMarkers: 10,
      colorSets: 5,
      buildings: 5,
      total: 33,
    });
  });

  it('one control marker of each color scores 13', () => {
    const state = withPlayer(board(), 1, { controlMarkers: { blue: 1, green: 1, red: 1, orange: 1 } });
    expect(finalScores(state)[1]).toBe(13);
  });

  it('Tammany Hall scores nothing when its neighborhood is tied', () => {
    const state = withRabble(withBuilding(board(), 'tammany-hall', 'red-1'), 'red-1', [1, 1, 0]);
    expect(finalScores(state)).toEqual([0, 0, 0]);
  });

  it('shares the victory between tied players', () => {
    let state = withBosses(board(), 'blue-1', [1, 1, 0]);
    state = withBosses(state, 'green-1', [0, 0, 1]);
    state = withBosses(state, 'orange-1', [1, 0, 0]);
    state = withPlayer(withRabble(state, 'red-1', [0, 0, 1]), 2, { vp: -5 });
    // Seat 2 wins red-1, so every neighborhood has a boss and the game ends.
    const { state: after } = finishRound(state);
    // Seat 0: 2 bosses; seat 1: 1 boss; seat 2: 2 bosses and -5 VP.
    expect(fivePoints.status(after)).toMatchObject({ finished: true, scores: [10, 5, 5], winners: [0] });
    const tied = finishRound(withPlayer(state, 1, { vp: 5 })).state;
    expect(fivePoints.status(tied)).toMatchObject({ scores: [10, 10, 5], winners: [0, 1] });
  });
});
