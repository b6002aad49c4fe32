/** Small grammar helpers shared by every game's sentences; lists and counts are the rules' own (`@shared/rules`). */

/** "Ann" → "Ann's", "you" → "your". */
export function possessive(name: string): string {
  return name === 'you' ? 'your' : name === 'You' ? 'Your' : `${name}'s`;
}

/** "Elder" → "an Elder", "Vizier" → "a Vizier". */
export function aOrAn(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
