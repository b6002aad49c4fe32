import { seededRandom } from '../../rules/random';
import { RESOURCE_ROW_SIZE } from './data/cards';
import { DJINN_ROW_SIZE } from './data/djinns';
import { total } from './counts';
import { fiveTribes } from './index';
import { assertConserved, newGame } from './test-support';

describe('setup', () => {
  it('records the whole random starting position in one setup event', () => {
    const state = fiveTribes.initialState({ seats: 3, options: {} });
    const events = fiveTribes.setup(state, seededRandom('s'));
    expect(events.map((e) => e.type)).toEqual(['setup']);
    expect(fiveTribes.setup(state, seededRandom('s'))).toEqual(events);
  });

  it.each([2, 3, 4])('deals a %i-player game: 30 tiles, 3 meeples each, 9 cards, 3 Djinns', (seats) => {
    const state = newGame(seats);
    expect(new Set(state.board.map((sq) => sq.tile)).size).toBe(30);
    expect(state.board.every((sq) => total(sq.meeples) === 3)).toBe(true);
    expect(total(state.bag)).toBe(0);
    expect(state.resourceRow).toHaveLength(RESOURCE_ROW_SIZE);
    expect(state.djinnRow).toHaveLength(DJINN_ROW_SIZE);
    expect(state.phase).toBe('bidding');
    expect(state.players.every((p) => p.gold === 50)).toBe(true);
    assertConserved(state);
  });

  it('gives 8 camels and one turn marker each with 3-4 players', () => {
    const state = newGame(4);
    expect(state.players.map((p) => p.camels)).toEqual([8, 8, 8, 8]);
    expect([...state.bidTrack].sort()).toEqual([0, 1, 2, 3]);
  });

  it('gives 11 camels and two turn markers each with 2 players', () => {
    const state = newGame(2);
    expect(state.players.map((p) => p.camels)).toEqual([11, 11]);
    expect([...state.bidTrack].sort()).toEqual([0, 1, 2, 3]);
  });

  it('shuffles the bid order, the tiles and the meeples by seed', () => {
    const orders = new Set(['1', '2', '3', '4', '5', '6'].map((seed) => JSON.stringify(newGame(4, seed).bidTrack)));
    expect(orders.size).toBeGreaterThan(1);
    expect(newGame(4, 'x').board).not.toEqual(newGame(4, 'y').board);
  });
});
