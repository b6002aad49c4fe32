/**
 * The page's structural sharing (web/src/api/keep-unchanged.ts): a game read
 * again keeps, object for object, the parts of the copy held that did not
 * change, so that the board memoized on them is not drawn again.
 */
import { keepUnchanged } from '../web/src/api/keep-unchanged';

describe('keepUnchanged', () => {
  const held = {
    version: 7,
    view: {
      board: [
        { tile: 'A1', meeples: ['red'] },
        { tile: 'A2', meeples: [] },
      ],
      gold: [5, 8],
    },
    legalMoves: [{ type: 'bid' }],
  };
  const copy = () => JSON.parse(JSON.stringify(held)) as typeof held;

  it('gives back the copy held when the new one equals it', () => {
    expect(keepUnchanged(held, copy())).toBe(held);
  });

  it('keeps each unchanged part and takes each changed one, with the objects and arrays above it', () => {
    const next = copy();
    next.view.gold[1] = 9;
    const kept = keepUnchanged(held, next);
    expect(kept).toEqual(next);
    expect(kept).not.toBe(held);
    expect(kept.view).not.toBe(held.view);
    expect(kept.view.gold).not.toBe(held.view.gold);
    expect(kept.view.board).toBe(held.view.board);
    expect(kept.legalMoves).toBe(held.legalMoves);
  });

  it('keeps the unchanged items of an array whose items changed or whose length did', () => {
    const longer = copy();
    longer.view.board.push({ tile: 'A3', meeples: [] });
    const kept = keepUnchanged(held, longer);
    expect(kept.view.board).toEqual(longer.view.board);
    expect(kept.view.board).not.toBe(held.view.board);
    expect(kept.view.board[0]).toBe(held.view.board[0]);
    expect(keepUnchanged(held, { ...copy(), view: { ...copy().view, board: [held.view.board[0]] } }).view.board).toHaveLength(1);
  });

  it('takes an object with a key more or fewer, and a value whose kind changed', () => {
    const more = { ...copy(), over: true };
    expect(keepUnchanged(held, more)).toEqual(more);
    const { legalMoves: _left, ...fewer } = copy();
    expect(keepUnchanged(held, fewer)).toEqual(fewer);
    expect(keepUnchanged({ gold: [5] }, { gold: { first: 5 } })).toEqual({ gold: { first: 5 } });
    expect(keepUnchanged({ gold: null }, { gold: [5] })).toEqual({ gold: [5] });
    expect(keepUnchanged([1, 2], { 0: 1, 1: 2 })).toEqual({ 0: 1, 1: 2 });
  });
});
