import { timingSafeEqual } from 'node:crypto';

/** Whether a secret someone sent is the expected one, compared in constant time (how long it takes tells nothing of how much matched). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
