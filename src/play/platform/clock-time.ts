/**
 * Pure time arithmetic of move clocks: which time counts against a player
 * (not their weekends, where the game pauses on them, nor their vacations),
 * and when a budget of counted time runs out. The server's deadlines, the
 * game's clocks and the verifier all count with these.
 */

export const HOUR_MS = 60 * 60 * 1000;
/** The weekends of a player who never chose a time zone: UTC, as their mail reads (DEFAULT_TIME_ZONE of src/common/time-zones.ts, out of the decider's reach). */
export const UNCHOSEN_ZONE = 'UTC';
const DAY_MS = 24 * HOUR_MS;

export interface Period {
  startsAt: Date;
  endsAt: Date;
}

/** What pauses one player's clock. */
export interface ClockPauses {
  /** The zone whose Saturday 00:00 to Monday 00:00 pauses it; null: weekends count. */
  weekendZone: string | null;
  /** Vacations (the record holds none: the verifier counts without them). */
  vacations: readonly Period[];
}

export const NO_PAUSES: ClockPauses = { weekendZone: null, vacations: [] };

interface Span {
  from: number;
  to: number;
}

const calendars = new Map<string, Intl.DateTimeFormat>();

function calendarOf(zone: string): Intl.DateTimeFormat {
  let calendar = calendars.get(zone);
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    calendars.set(zone, calendar);
  }
  return calendar;
}

/** The wall clock of `zone` at `at`, read as if it were UTC: its difference from `at` is the zone's offset then. */
function wallClock(zone: string, at: number): number {
  const part = Object.fromEntries(
    calendarOf(zone)
      .formatToParts(at)
      .map(({ type, value }) => [type, Number(value)]),
  );
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
}

/** The instant the local date `day` (midnight UTC of that date) begins in `zone`. */
function localMidnight(zone: string, day: number): number {
  const guess = day - (wallClock(zone, day) - day);
  return day - (wallClock(zone, guess) - guess);
}

/** Saturday 00:00 to Monday 00:00 in `zone`, for every weekend that overlaps `from`..`to`. */
export function weekendsBetween(zone: string, from: number, to: number): Span[] {
  const firstDate = Math.floor(wallClock(zone, from) / DAY_MS) * DAY_MS;
  // Back to the Saturday of the weekend `from` may be in (getUTCDay: 6 is Saturday).
  let saturday = firstDate - ((new Date(firstDate).getUTCDay() + 1) % 7) * DAY_MS;
  const weekends: Span[] = [];
  for (; ; saturday += 7 * DAY_MS) {
    const weekend = { from: localMidnight(zone, saturday), to: localMidnight(zone, saturday + 2 * DAY_MS) };
    if (weekend.from >= to) return weekends;
    if (weekend.to > from) weekends.push(weekend);
  }
}

/** The pauses that overlap `from`..`to`, merged, in order. */
function pausesBetween(pauses: ClockPauses, from: number, to: number): Span[] {
  const spans = pauses.vacations.map((period) => ({ from: period.startsAt.getTime(), to: period.endsAt.getTime() }));
  if (pauses.weekendZone) spans.push(...weekendsBetween(pauses.weekendZone, from, to));
  const merged: Span[] = [];
  for (const span of spans.filter((s) => s.to > from && s.from < to).sort((a, b) => a.from - b.from)) {
    const last = merged[merged.length - 1];
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

/** How much of `from`..`to` counts against the player. */
export function countedMs(from: Date, to: Date, pauses: ClockPauses): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  const paused = pausesBetween(pauses, start, end).reduce((sum, span) => sum + Math.min(span.to, end) - Math.max(span.from, start), 0);
  return end - start - paused;
}

/** When `budgetMs` of counted time, from `from` on, is used up. */
export function runsOutAt(from: Date, budgetMs: number, pauses: ClockPauses): Date {
  const start = from.getTime();
  // Long enough to hold the budget: weekends take at most 2 days of every 7, vacations are added whole; doubled until it does.
  let horizon = start + Math.max(0, budgetMs) * 2 + 4 * DAY_MS + pauses.vacations.reduce((sum, p) => sum + p.endsAt.getTime() - p.startsAt.getTime(), 0);
  for (;;) {
    let cursor = start;
    let left = Math.max(0, budgetMs);
    for (const span of pausesBetween(pauses, start, horizon)) {
      const before = Math.max(0, span.from - cursor);
      if (before >= left) return new Date(cursor + left);
      left -= before;
      cursor = Math.max(cursor, span.to);
    }
    if (cursor + left <= horizon) return new Date(cursor + left);
    horizon += horizon - start;
  }
}

/** Whether the player's clock is paused at `at`. */
export function pausedAt(at: Date, pauses: ClockPauses): boolean {
  return pausesBetween(pauses, at.getTime(), at.getTime() + 1).length > 0;
}
