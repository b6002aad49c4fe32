import { MERCHANDISE } from './data/cards';
import { merchandiseScore, merchandiseValue, saleMoves } from './merchandise';
import { atStep, cards, newGame, play, withPlayer } from './test-support';

describe('merchandise sets', () => {
  it.each([
    [[2, 2, 2, 2, 2, 2, 2, 2, 2], 120],
    [[6, 0, 0, 0, 0, 0, 0, 0, 0], 6],
    [[2, 0, 2, 1, 0, 1, 1, 2], 37],
    [[0, 3, 0, 2, 1, 0, 3, 3, 1], 50],
    [[2, 1, 1, 2, 1], 24],
    [[0, 0, 1, 3, 0, 0, 3], 13],
  ])('the shared examples score exactly: %j = %d', (counts, expected) => {
    expect(merchandiseValue(counts)).toBe(expected);
  });

  it('sets of 1..9 different kinds are worth 1, 3, 7, 13, 21, 30, 40, 50, 60', () => {
    const values = MERCHANDISE.map((_, n) => merchandiseValue(Array.from({ length: n + 1 }, () => 1)));
    expect(values).toEqual([1, 3, 7, 13, 21, 30, 40, 50, 60]);
  });

  it('places wild cards (Al-Amin) where they score most', () => {
    // silk x2 + fish scores 3 + 1; a wild as a third kind makes it 7 + 1.
    expect(merchandiseScore(cards({ silk: 2, fish: 1 }), 1)).toBe(8);
    expect(merchandiseScore(cards({}), 2)).toBe(3);
  });

  it('offers every set of different kinds for sale and pays its value', () => {
    let state = withPlayer(newGame(3), 0, { cards: cards({ silk: 2, fish: 1, ivory: 1, fakir: 3 }), gold: 10 });
    state = atStep(state, 0, { name: 'end' });
    expect(saleMoves(state.players[0])).toHaveLength(7);
    const after = play(state, 0, { type: 'sell', kinds: ['ivory', 'silk', 'fish'] }).state;
    expect(after.players[0].gold).toBe(17);
    expect(after.players[0].cards).toEqual(cards({ silk: 1, fakir: 3 }));
    expect(after.resourceDiscard.silk).toBe(state.resourceDiscard.silk + 1);
  });

  it('never sells Fakirs', () => {
    const state = atStep(withPlayer(newGame(3), 0, { cards: cards({ fakir: 3 }) }), 0, { name: 'end' });
    expect(saleMoves(state.players[0])).toEqual([]);
  });
});
