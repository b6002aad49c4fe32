/**
 * Which new passwords are accepted: 10 to 200 characters, and not guessable,
 * as zxcvbn-ts estimates it (dictionaries of common passwords, names and
 * words, keyboard patterns, dates, l33t spellings), counting the player's own
 * email and name as guessable too. The refusal says why and what would help,
 * in zxcvbn's words.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { AppError } from '../common/errors';

export const PASSWORD_LENGTH = { min: 10, max: 200 } as const;
/** zxcvbn's scores run 0 to 4; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;

/** Built on first use: loading the dictionaries takes a tenth of a second. */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

/** Refuses a password that is too short, too long or too easy to guess, with advice. */
export function checkNewPassword(password: string, ownWords: string[] = []): void {
  const length = [...password].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    throw new AppError('BAD_USER_INPUT', `A password must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters long.`);
  }
  // zxcvbn's work grows with length; past its first 100 characters a password is long enough anyway.
  const estimate = strengthEstimator().check(password.slice(0, 100), ownWords.filter(Boolean));
  if (estimate.score >= MIN_SCORE) return;
  const why = estimate.feedback.warning ?? 'This password would be easy to guess.';
  const advice = estimate.feedback.suggestions.length > 0 ? estimate.feedback.suggestions.join(' ') : 'Add more words that are less common.';
  throw new AppError('BAD_USER_INPUT', `${why} ${advice}`, { reason: 'WEAK_PASSWORD' });
}
