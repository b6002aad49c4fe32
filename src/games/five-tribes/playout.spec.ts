import { randomPlayout } from '../../rules/playout';
import { fiveTribes } from './index';
import type { State } from './state';
import { assertConserved } from './test-support';

describe('seeded random playouts', () => {
  for (const seats of [2, 3, 4]) {
    for (const seed of ['a', 'b', 'c']) {
      it(`finishes a ${seats}-player game with a result (seed ${seed}), conserving everything`, () => {
        const result = randomPlayout<State>(fiveTribes, { seats, options: {} }, `${seats}-${seed}`, {
          afterStep: (state) => assertConserved(state),
        });
        expect(result.status.finished).toBe(true);
        expect(result.status.scores).toHaveLength(seats);
        expect(result.status.winners!.length).toBeGreaterThan(0);
        expect(result.state.endTrigger).not.toBeNull();
      });
    }
  }
});
