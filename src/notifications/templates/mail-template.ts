/** The shape of every mail template: one file per kind of mail, beside this one. */
import type { SafeHtml } from './html';

export interface MailBody {
  subject: string;
  /** The plain-text part, without greeting or footer (the layout adds them). */
  text: string;
  html: SafeHtml;
}

export type MailTemplate<C> = (context: C) => MailBody;

/** What every mail about a game knows. */
export interface GameMailContext {
  /** "Ann's Five Points game". */
  gameTitle: string;
  rulesetName: string;
  gameUrl: string;
}

export function formatTime(at: Date): string {
  return at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}

/** Names as a sentence says them: "Ann", "Ann and Bob", "Ann, Bob and Cy" (as the page's listNames). */
export function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
