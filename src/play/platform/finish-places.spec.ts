/** Finishing places from a finished game's result: winners, scores, ties, and seats that left. */
import { type FinishedResult, seatPlaces } from './finish-places';

describe('finishing places from a game’s result', () => {
  it.each<[string, FinishedResult, number, number[]]>([
    ['a win', { winners: [1] }, 2, [2, 1]],
    ['a draw (no winner)', { winners: [] }, 2, [1, 1]],
    ['scores below the winner', { winners: [2], scores: [5, 9, 7] }, 3, [3, 2, 1]],
    ['level scores, sharing a place and counting for the next', { winners: [0], scores: [9, 4, 4, 1] }, 4, [1, 2, 2, 4]],
    ['shared winners, level whatever they scored', { winners: [0, 1], scores: [6, 5, 1] }, 3, [1, 1, 3]],
    ['shared winners, the others sharing the next place without scores', { winners: [0, 2], scores: null }, 4, [1, 3, 1, 3]],
    ['seats that resigned, the first to leave last', { winners: [1], scores: [9, 2, 8], detail: { resigned: [0, 2] } }, 3, [3, 1, 2]],
  ])('given %s', (_, result, seats, places) => {
    expect(seatPlaces(result, seats)).toEqual(places);
  });

  it('places a seat that left behind every seat still playing, whatever it scored', () => {
    // The winner has 40, seat 2 has 30, seat 0 resigned with 50: seat 2 came 2nd.
    expect(seatPlaces({ winners: [1], scores: [50, 40, 30], detail: { resigned: [0] } }, 3)).toEqual([3, 1, 2]);
  });
});
