/** Small immutable helpers for multisets stored as `Record<key, count>`. */
export type Counts<K extends string> = Record<K, number>;

export function emptyCounts<K extends string>(keys: readonly K[]): Counts<K> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Counts<K>;
}

export function total<K extends string>(counts: Counts<K>): number {
  return (Object.values(counts) as number[]).reduce((sum, n) => sum + n, 0);
}

export function addCount<K extends string>(counts: Counts<K>, key: NoInfer<K>, delta: number): Counts<K> {
  return { ...counts, [key]: counts[key] + delta };
}

export function addAll<K extends string>(counts: Counts<K>, items: readonly NoInfer<K>[], sign = 1): Counts<K> {
  const next = { ...counts };
  for (const item of items) next[item] += sign;
  return next;
}

/** One entry per item, in key order: `{a: 2, b: 1}` becomes `[a, a, b]`. */
export function expand<K extends string>(counts: Counts<K>, keys: readonly K[]): K[] {
  return keys.flatMap((k) => Array.from({ length: counts[k] }, () => k));
}

export function countItems<K extends string>(items: readonly K[], keys: readonly K[]): Counts<K> {
  return addAll(emptyCounts(keys), items);
}

export function addCounts<K extends string>(a: Counts<K>, b: Counts<K>): Counts<K> {
  const sum = { ...a };
  for (const key of Object.keys(b) as K[]) sum[key] += b[key];
  return sum;
}
