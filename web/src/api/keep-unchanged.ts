/**
 * `next`, with each part that equals the same part of `previous` replaced by
 * `previous`'s own: a game read again keeps the view, moves and seats it held
 * while they are unchanged, so that what is drawn from them (memoized on them)
 * is not drawn again, and a copy equal to the one held is that one. For JSON
 * values, as the API returns them (structural sharing).
 */
export function keepUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(previous)) return next;
    const kept = next.map((item, i) => keepUnchanged(previous[i], item));
    return (kept.length === previous.length && kept.every((item, i) => item === previous[i]) ? previous : kept) as T;
  }
  if (isRecord(next)) {
    if (!isRecord(previous)) return next;
    const keys = Object.keys(next);
    const kept = Object.fromEntries(keys.map((key) => [key, keepUnchanged(previous[key], next[key])]));
    const same = keys.length === Object.keys(previous).length && keys.every((key) => Object.hasOwn(previous, key) && kept[key] === previous[key]);
    return (same ? previous : kept) as T;
  }
  return next;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
