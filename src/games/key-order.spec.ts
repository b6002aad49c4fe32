/**
 * A game's state comes back from PostgreSQL (jsonb snapshots and event
 * payloads) with its object keys in another order than the one the rules
 * built it in. Nothing a player sees or gets may depend on that order: the
 * same state must list the same moves in the same order, report the same
 * status, and decide a move into the same events, whatever order its keys
 * are in.
 */
import { randomPlayout } from '../rules/playout';
import { seededRandom } from '../rules/random';
import { RULESETS_HOSTED } from './index';
import { optionSets } from './test-support/option-sets';

/** The value with every object's keys in reverse order, as a jsonb round trip might leave them. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((key) => [key, reordered((value as Record<string, unknown>)[key])]),
  );
}

describe.each(RULESETS_HOSTED.map((ruleset) => [ruleset.id, ruleset] as const))('%s does not depend on the order of its state keys', (_id, ruleset) => {
  for (const { label, options } of optionSets(ruleset)) {
    it(`lists, reports and decides alike (${label})`, () => {
      let step = 0;
      randomPlayout<unknown>(ruleset, { seats: ruleset.minSeats, options }, `key-order-${label}`, {
        afterStep: (state) => {
          if (step++ % 5 !== 0) return;
          const shuffled = reordered(state);
          const status = ruleset.status(state);
          expect(ruleset.status(shuffled)).toEqual(status);
          for (const seat of status.activeSeats) {
            const moves = ruleset.legalMoves(state, seat) as unknown[];
            // toEqual: the moves' order counts, the order of keys inside each move or event does not.
            expect(ruleset.legalMoves(shuffled, seat)).toEqual(moves);
            const move = moves[step % moves.length];
            const decided = (s: unknown) => ruleset.decide(s, move, seat, seededRandom(`order-${step}`));
            expect(decided(shuffled)).toEqual(decided(state));
          }
        },
      });
    });
  }
});
