/**
 * Each player's time zone, an IANA name ("America/New_York"), and an instant
 * written in it for them to read: in mail today, in pushes later, so both
 * say a deadline the same way. Pure: the platform's Intl does the
 * arithmetic (daylight saving time, the date line), no library.
 */
import { AppError } from './errors';

/** The zone of an account that never chose one. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The zone `name` names, as Intl spells it ("america/new_york" is
 * "America/New_York", "Etc/UTC" is "UTC"), or null when it names none.
 * Offsets ("+05:00"), which newer engines take as zones, are no IANA name.
 */
export function knownTimeZone(name: string): string | null {
  if (!/^[A-Za-z]/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** `name` as Intl spells it, or a BAD_USER_INPUT refusal. */
export function checkTimeZone(name: string): string {
  const zone = knownTimeZone(name);
  if (!zone) throw new AppError('BAD_USER_INPUT', `"${name}" is not a time zone. Choose one such as Europe/Paris or America/New_York.`);
  return zone;
}

/** "New York" for America/New_York: the place a zone is named after, or null for a zone named after none (UTC, Etc/GMT+5). */
function placeOf(zone: string): string | null {
  const parts = zone.split('/');
  if (parts.length < 2 || parts[0] === 'Etc') return null;
  return parts[parts.length - 1].replace(/_/g, ' ');
}

/**
 * `at` as a player in `timeZone` reads it, with the zone said so that
 * nobody misreads it: "Tue 3 Mar 2026, 09:00 EST (New York time)",
 * "Wed 4 Mar 2026, 23:00 GMT+9 (Tokyo time)", "Tue 3 Mar 2026, 14:00 UTC".
 * The weekday is there for zones across the date line from the sender.
 */
export function formatInTimeZone(at: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  const part = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, value]));
  const place = placeOf(timeZone);
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute} ${part.timeZoneName}${place ? ` (${place} time)` : ''}`;
}
