/** Small grammar helpers shared by every game's sentences. */

/** "Ann" → "Ann's", "you" → "your". */
export function possessive(name: string): string {
  return name === 'you' ? 'your' : name === 'You' ? 'Your' : `${name}'s`;
}

/** "Elder" → "an Elder", "Vizier" → "a Vizier". */
export function aOrAn(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** ["a", "b", "c"] → "a, b and c". */
export function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "1 Vizier", "3 Viziers"; "2 bosses" with the plural given. */
export function counted(count: number, word: string, plural = `${word}s`): string {
  return `${count} ${count === 1 ? word : plural}`;
}
