import type { GameOptions } from '../../rules/contract';
import { randomPlayout } from '../../rules/playout';
import { mobTown } from './index';
import type { State } from './state';
import { ALL_VARIANTS, conservationProblems, eagerTakeOvers, willingTeam } from './test-support';

const CONFIGS: [string, GameOptions][] = [
  ['base', {}],
  ['all variants', ALL_VARIANTS],
  ['co-op', { mode: 'coop' }],
  ['co-op, hardest', { mode: 'coop', coopStartingCity: 'hardest', coopMoreMobActivity: true }],
  ['co-op, easiest', { mode: 'coop', coopStartingCity: 'easier', coopNoMasterCrimes: true }],
  ['co-op, every option on', { ...ALL_VARIANTS, mode: 'coop', coopStartingCity: 'harder', coopMoreMobActivity: true }],
];

/** After every step of a playout (some 11,000 in this file), Jest is asked only when something was made or lost: an expect() costs it tens of microseconds. */
const conserved = {
  afterStep: (state: State) => {
    const problems = conservationProblems(state);
    if (problems.length > 0) expect(problems).toEqual([]);
  },
};

describe.each(CONFIGS)('random playouts, %s', (_name, options) => {
  it.each([2, 3, 4])('%i players finish with a result, conserving cards and tokens', (seats) => {
    for (const seed of ['a', 'b']) {
      const result = randomPlayout<State>(mobTown, { seats, options }, `${seed}-${seats}`, conserved);
      expect(result.status.finished).toBe(true);
      expect(result.status.winners).toBeDefined();
      if (options.mode === 'coop') expect([0, seats]).toContain(result.status.winners!.length);
      else expect(result.status.winners!.length).toBeGreaterThan(0);
    }
  });
});

describe('purposeful playouts', () => {
  it.each([2, 3, 4])('competitive, %i players taking over whenever possible, all variants', (seats) => {
    const result = randomPlayout<State>(mobTown, { seats, options: ALL_VARIANTS }, `eager-${seats}`, { ...conserved, choose: eagerTakeOvers });
    expect(result.status.finished).toBe(true);
    expect(result.events.some((e) => e.type === 'cardPaid' && e.to !== null)).toBe(true);
  });

  it('co-op teams sometimes win and sometimes lose, by every ending', () => {
    const reasons = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const options = { mode: 'coop', ...(i % 2 ? { coopStartingCity: 'easier', coopNoMasterCrimes: true } : {}) };
      const result = randomPlayout<State>(mobTown, { seats: 2 + (i % 3), options }, `team-${i}`, { ...conserved, choose: willingTeam });
      reasons.add(String(result.status.detail!.reason));
      expect(result.status.winners!.length === 0 || result.status.winners!.length === 2 + (i % 3)).toBe(true);
    }
    expect([...reasons].sort()).toEqual(['The last draw card was drawn.', 'The mob boss track reached 8.', 'The mob family was run out of town.']);
  });
});
