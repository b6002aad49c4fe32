/**
 * Free text that other players read, checked by the rule of clean-text.ts:
 * a refusal is the API's BAD_USER_INPUT.
 */
import { checkedText } from './clean-text';
import { AppError } from './errors';

/** `text` trimmed and normalised (NFC), or a BAD_USER_INPUT refusal saying what is wrong; `what` names it for the player. */
export function cleanText(text: string, what: string, range: [number, number]): string {
  const checked = checkedText(text, what, range);
  if (!checked.ok) throw new AppError('BAD_USER_INPUT', checked.problem);
  return checked.text;
}

export const DISPLAY_NAME_LENGTH: [number, number] = [1, 40];

export function cleanDisplayName(name: string): string {
  return cleanText(name, 'A display name', DISPLAY_NAME_LENGTH);
}
