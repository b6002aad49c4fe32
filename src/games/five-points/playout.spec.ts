/** Seeded random playouts: every game finishes, and no piece is ever lost or duplicated. */
import { randomPlayout } from '../../rules/playout';
import { fivePoints } from './index';
import type { State } from './state';
import { pieceProblems } from './test-support/invariants';

describe.each([3, 4, 5])('random playouts with %i players', (seats) => {
  it.each(['alpha', 'bravo', 'charlie', 'delta'])('seed %s finishes with a result and conserves pieces', (seed) => {
    const result = randomPlayout<State>(fivePoints, { seats, options: {} }, `${seats}-${seed}`, {
      afterStep: (state) => expect(pieceProblems(state)).toEqual([]),
    });
    expect(result.status.finished).toBe(true);
    expect(result.status.winners!.length).toBeGreaterThan(0);
    expect(result.status.scores).toHaveLength(seats);
  });
});
