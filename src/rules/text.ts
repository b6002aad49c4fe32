/**
 * Small English helpers for the sentences rulesets write about their events
 * (`Ruleset.describe`), shared so every game phrases lists and counts alike.
 */

/** `a`, `a and b`, `a, b and c`; `nothing` for an empty list. */
export function listOf(items: readonly string[], empty = 'nothing'): string {
  if (items.length === 0) return empty;
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The text with its first letter in capitals: a sentence, or a name, that may start with a lower-case word. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `1 coin`, `3 coins`; pass the plural when it is not the word plus "s". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** `Fakir, Elder, Fakir` → `2 Fakirs and 1 Elder`: each distinct item with its count, in first-seen order. */
export function tally(items: readonly string[], plural: (item: string) => string = (item) => `${item}s`): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return listOf([...counts].map(([item, n]) => (n === 1 ? `1 ${item}` : `${n} ${plural(item)}`)));
}
