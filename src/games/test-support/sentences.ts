/**
 * What the describe specs ask of every sentence a game tells: a finished
 * sentence (a capital first, a full stop last), with no missing or
 * unformatted value showing.
 */
const FINISHED = /^[A-Z].*\.$/s;
const GARBLED = /undefined|NaN|null|\[object Object\]/;

/** Whether `sentence` is finished and shows no missing value. */
export function isFinishedSentence(sentence: string): boolean {
  return FINISHED.test(sentence) && !showsAMissingValue(sentence);
}

/** Whether `sentence` shows a value that was missing (`undefined`, `NaN`, `null`) or not formatted (`[object Object]`). */
export function showsAMissingValue(sentence: string): boolean {
  return GARBLED.test(sentence);
}
