/**
 * Free text that other players read (display names, rollback reasons):
 * normalised, trimmed, and refused when it holds characters that hide or
 * disguise what it says: control characters and line breaks, bidirectional
 * overrides and isolates (which can make "evil.exe" read "exe.live"), and
 * zero-width characters (which make two names look the same).
 */
import { AppError } from './errors';

/** C0 and C1 controls (tabs and line breaks among them), the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/** Bidirectional marks, embeddings, overrides and isolates. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Zero-width spaces and joiners, the word joiner and invisible operators, the byte-order mark. */
const ZERO_WIDTH = /[\u180e\u200b-\u200d\u2060-\u2064\ufeff]/u;

/** `text` trimmed and normalised (NFC), or a BAD_USER_INPUT refusal saying what is wrong; `what` names it for the player. */
export function cleanText(text: string, what: string, [min, max]: [number, number]): string {
  const normalised = text.normalize('NFC');
  // Checked before trimming, which would drop some of them silently at the ends.
  if (CONTROL.test(normalised)) throw new AppError('BAD_USER_INPUT', `${what} may not contain line breaks, tabs or other control characters.`);
  if (BIDI.test(normalised)) throw new AppError('BAD_USER_INPUT', `${what} may not contain characters that change the direction of text.`);
  if (ZERO_WIDTH.test(normalised)) throw new AppError('BAD_USER_INPUT', `${what} may not contain invisible characters.`);
  const cleaned = normalised.trim();
  const length = [...cleaned].length;
  if (length < min || length > max) throw new AppError('BAD_USER_INPUT', `${what} must be ${min} to ${max} characters long.`);
  return cleaned;
}

export const DISPLAY_NAME_LENGTH: [number, number] = [1, 40];

export function cleanDisplayName(name: string): string {
  return cleanText(name, 'A display name', DISPLAY_NAME_LENGTH);
}
