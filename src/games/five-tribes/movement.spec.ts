import { seededRandom } from '../../rules/random';
import { countItems } from './counts';
import { COLORS } from './data/meeples';
import { fiveTribes } from './index';
import type { Move } from './moves';
import type { State } from './state';
import { atStep, newGame, play, withBoard } from './test-support';
import { toIndex } from './grid';

const pickUp = (row: number, col: number): Move => ({ type: 'pickUp', tile: [row, col] });
const drop = (row: number, col: number, color: 'red' | 'blue' | 'yellow' | 'white' | 'green'): Move => ({
  type: 'drop',
  tile: [row, col],
  color,
});

function startOfTurn(layout: Parameters<typeof withBoard>[1]): State {
  return atStep(withBoard(newGame(3), layout), 0, { name: 'start' });
}

function listed(state: State): Move[] {
  return fiveTribes.legalMoves(state, 0);
}

describe('moving meeples', () => {
  it('offers to pick up only tiles from which a legal move can be finished', () => {
    const state = startOfTurn([
      { at: [0, 0], meeples: ['red'] },
      { at: [0, 1], meeples: ['red'] },
      { at: [4, 5], meeples: ['blue'] },
    ]);
    expect(listed(state)).toEqual([pickUp(0, 0), pickUp(0, 1)]);
  });

  it('takes all meeples in hand, then drops one per adjacent tile, the last on a matching colour', () => {
    let state = startOfTurn([
      { at: [2, 2], meeples: ['blue', 'red'] },
      { at: [2, 3], meeples: ['green'] },
      { at: [2, 4], meeples: ['red'] },
      { at: [1, 2], meeples: ['blue'] },
    ]);
    state = play(state, 0, pickUp(2, 2)).state;
    expect(state.board[toIndex([2, 2])].meeples).toEqual(countItems([], COLORS));
    // Only the start of a finishable route is offered: blue to [2,3] then red onto [2,4].
    expect(listed(state)).toEqual([drop(2, 3, 'blue')]);
    state = play(state, 0, drop(2, 3, 'blue')).state;
    expect(listed(state)).toEqual([drop(2, 4, 'red')]);
  });

  it('never offers a diagonal step or stepping straight back', () => {
    const base = withBoard(newGame(3), [
      { at: [0, 1], meeples: ['red'] },
      { at: [1, 1], meeples: ['red'] },
    ]);
    const state = atStep(base, 0, {
      name: 'moving',
      origin: toIndex([0, 0]),
      hand: countItems(['red'], COLORS),
      path: [toIndex([0, 1]), toIndex([0, 2])],
    });
    // [0,1] holds red but is where the move just came from; [1,1] is diagonal.
    expect(listed(state)).toEqual([]);
    expect(fiveTribes.decide(state, drop(0, 1, 'red'), 0, seededRandom('x'))).toMatchObject({ ok: false });
  });

  it('finishes a move whose only legal completion is a loop back over its own drop', () => {
    // Nothing else on the board: the last meeple can only match one this move dropped.
    let state = startOfTurn([{ at: [0, 0], meeples: ['red', 'red', 'blue', 'blue', 'blue'] }]);
    expect(listed(state)).toEqual([pickUp(0, 0)]);
    state = play(state, 0, pickUp(0, 0)).state;
    state = play(state, 0, drop(0, 1, 'red')).state;
    state = play(state, 0, drop(1, 1, 'blue')).state;
    state = play(state, 0, drop(1, 0, 'blue')).state;
    // Dropping red now would leave a lone blue with nowhere to match: only blue onto [0,0].
    expect(listed(state)).toEqual([drop(0, 0, 'blue')]);
    state = play(state, 0, drop(0, 0, 'blue')).state;
    expect(listed(state)).toEqual([drop(0, 1, 'red')]);
    const done = play(state, 0, drop(0, 1, 'red'));
    expect(done.events).toContainEqual(expect.objectContaining({ type: 'meeplesCollected', tile: toIndex([0, 1]), color: 'red', count: 2 }));
    expect(done.state.board[toIndex([0, 1])].camel).toBe(0);
  });

  it('marks picking up and intermediate drops reversible, and the completing drop not', () => {
    const state = startOfTurn([
      { at: [0, 0], meeples: ['yellow', 'white'] },
      { at: [0, 2], meeples: ['white'] },
    ]);
    const random = seededRandom('r');
    const picked = fiveTribes.decide(state, pickUp(0, 0), 0, random);
    expect(picked).toMatchObject({ ok: true, reversible: true });
    const afterPick = play(state, 0, pickUp(0, 0)).state;
    expect(fiveTribes.decide(afterPick, drop(0, 1, 'yellow'), 0, random)).toMatchObject({ ok: true, reversible: true });
    const afterFirst = play(afterPick, 0, drop(0, 1, 'yellow')).state;
    expect(fiveTribes.decide(afterFirst, drop(0, 2, 'white'), 0, random)).toMatchObject({ ok: true, reversible: false });
  });
});
