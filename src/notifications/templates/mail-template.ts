/** The shape of every mail template: one file per kind of mail, beside this one. */
import { formatInTimeZone } from '../../common/time-zones';
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
  /** The recipient's IANA time zone, which every time in the mail is written in. */
  timeZone: string;
}

/** A time in a mail, in the reader's zone and saying which. */
export function formatTime(at: Date, timeZone: string): string {
  return formatInTimeZone(at, timeZone);
}

/** Names as a sentence says them: "Ann", "Ann and Bob", "Ann, Bob and Cy" (as the page's listNames). */
export function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
