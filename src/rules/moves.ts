/**
 * Helpers shared by rulesets for checking untrusted moves against their own
 * `legalMoves` list, which keeps "listed" and "accepted" the same set.
 */

/** Structural equality of JSON values; object key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bArr = b as unknown[];
    return a.length === bArr.length && a.every((item, i) => jsonEqual(item, bArr[i]));
  }
  const aObj = a as Record<string, unknown>;
  const bObj = b as Record<string, unknown>;
  const aKeys = Object.keys(aObj).filter((k) => aObj[k] !== undefined);
  const bKeys = Object.keys(bObj).filter((k) => bObj[k] !== undefined);
  return aKeys.length === bKeys.length && aKeys.every((k) => jsonEqual(aObj[k], bObj[k]));
}

/** The listed move equal to `move`, if any. */
export function findListedMove<M>(listed: readonly M[], move: unknown): M | undefined {
  return listed.find((candidate) => jsonEqual(candidate, move));
}
