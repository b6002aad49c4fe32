/**
 * The end screen shows each player's score by category
 * (`status.detail.categories`): every hosted ruleset that keeps scores
 * fills it once its game is over, and its lines add up to the scores.
 */
import { randomPlayout } from '../rules/playout';
import { RULESETS_HOSTED } from './index';
import { optionSets } from './test-support/option-sets';

const cases = RULESETS_HOSTED.flatMap((ruleset) => optionSets(ruleset).map(({ label, options }) => [ruleset.id, label, ruleset, options] as const));

describe('the score sheet of a finished game', () => {
  it.each(cases)("%s, %s: lines that add up to every seat's score", (id, label, ruleset, options) => {
    for (const seats of [ruleset.minSeats, ruleset.maxSeats]) {
      const { state } = randomPlayout<unknown>(ruleset, { seats, options }, `score-sheet-${id}-${label}-${seats}`);
      const status = ruleset.status(state);
      expect(status.finished).toBe(true);
      if (!status.scores) continue; // a cooperative game: won or lost together
      const categories = status.detail?.categories ?? [];
      expect(categories.length).toBeGreaterThan(1);
      for (const line of categories) {
        expect(line.label).toMatch(/^[A-Z][a-z]/);
        expect(line.points).toHaveLength(seats);
      }
      const added = status.scores.map((_, seat) => categories.reduce((total, line) => total + line.points[seat], 0));
      expect(added).toEqual(status.scores);
    }
  });
});
