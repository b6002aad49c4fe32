/**
 * Times as the page shows them, in the player's own locale. Each format is
 * made once: making an `Intl.DateTimeFormat` costs far more than using one
 * (`toLocaleTimeString` makes one on every call), and the history shows a
 * time on each of its lines, hundreds in a long game, drawn again whenever
 * the game moves.
 */
const CLOCK = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** The browser's IANA time zone ("Europe/Paris"), sent with a sign-up and a login: the server's mail writes times in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "14:05". */
export function clockTime(at: string): string {
  return CLOCK.format(new Date(at));
}

/** The time of day for a moment of `today` (a `Date.toDateString()`), its day ("Nov 3") for an earlier one. */
export function shortTime(at: string, today = new Date().toDateString()): string {
  const date = new Date(at);
  return date.toDateString() === today ? CLOCK.format(date) : DAY.format(date);
}
