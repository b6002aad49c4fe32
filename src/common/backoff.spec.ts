import { JITTER, retryDelayMs, withJitter } from './backoff';

describe('backoff', () => {
  it('doubles from the first delay up to the longest, each stretched by up to a quarter at random', () => {
    expect([0, 1, 2, 3, 10].map((attempt) => retryDelayMs(attempt, 500, 3000, () => 0))).toEqual([500, 1000, 2000, 3000, 3000]);
    expect(retryDelayMs(1, 500, 3000, () => 1)).toBe(1000 * (1 + JITTER));
  });

  it('spreads retries that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => withJitter(15)));
    expect(delays.size).toBeGreaterThan(40);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(15);
      expect(delay).toBeLessThanOrEqual(15 * (1 + JITTER));
    }
  });
});
