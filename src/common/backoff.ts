/**
 * Delays for trying again: doubling from `firstMs` up to `longestMs`, each
 * stretched by up to a quarter at random, so that many clients (processes,
 * workers, mails) that failed together do not all come back in the same
 * instant.
 */
export const JITTER = 0.25;

export function withJitter(ms: number, random: () => number = Math.random): number {
  return ms * (1 + JITTER * random());
}

export function retryDelayMs(attempt: number, firstMs: number, longestMs: number, random: () => number = Math.random): number {
  return withJitter(Math.min(firstMs * 2 ** attempt, longestMs), random);
}
