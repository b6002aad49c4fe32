/**
 * The rule for free text that other players read (display names, game
 * names, rollback reasons): normalised, trimmed, and refused when it holds
 * characters that hide or disguise what it says: control characters and
 * line breaks, bidirectional overrides and isolates (which can make
 * "evil.exe" read "exe.live"), and zero-width characters (which make two
 * names look the same). Pure: it answers with the text or the refusal's
 * words, so the platform's decider (src/play/platform/) can use it too.
 */

/** C0 and C1 controls (tabs and line breaks among them), the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/** Bidirectional marks, embeddings, overrides and isolates. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Zero-width spaces and joiners, the word joiner and invisible operators, the byte-order mark. */
const ZERO_WIDTH = /[\u180e\u200b-\u200d\u2060-\u2064\ufeff]/u;

export type CheckedText = { ok: true; text: string } | { ok: false; problem: string };

/** `text` trimmed and normalised (NFC), or what is wrong with it; `what` names it for the player. */
export function checkedText(text: string, what: string, [min, max]: readonly [number, number]): CheckedText {
  const normalised = text.normalize('NFC');
  // Checked before trimming, which would drop some of them silently at the ends.
  if (CONTROL.test(normalised)) return { ok: false, problem: `${what} may not contain line breaks, tabs or other control characters.` };
  if (BIDI.test(normalised)) return { ok: false, problem: `${what} may not contain characters that change the direction of text.` };
  if (ZERO_WIDTH.test(normalised)) return { ok: false, problem: `${what} may not contain invisible characters.` };
  const cleaned = normalised.trim();
  const length = [...cleaned].length;
  if (length < min || length > max) return { ok: false, problem: `${what} must be ${min} to ${max} characters long.` };
  return { ok: true, text: cleaned };
}
