/**
 * Pure time arithmetic of vacations: how they pause deadlines, and how much
 * of the yearly allowance they use.
 */

export interface Period {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The deadline `dueAt` of a turn that began at `since`, pushed back by every
 * vacation that starts before the (pushed) deadline: vacation time does not
 * count against the player. `periods` must not overlap.
 */
export function pausedDeadline(since: Date, dueAt: Date, periods: Period[]): Date {
  let due = dueAt.getTime();
  const sorted = [...periods].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const period of sorted) {
    if (period.endsAt.getTime() <= since.getTime()) continue;
    if (period.startsAt.getTime() >= due) break;
    due += period.endsAt.getTime() - Math.max(period.startsAt.getTime(), since.getTime());
  }
  return new Date(due);
}

/** The part of `periods` that falls in calendar year `year` (UTC), in milliseconds. */
export function timeInYear(periods: Period[], year: number): number {
  const yearStart = Date.UTC(year, 0, 1);
  const yearEnd = Date.UTC(year + 1, 0, 1);
  return periods.reduce((sum, p) => sum + Math.max(0, Math.min(p.endsAt.getTime(), yearEnd) - Math.max(p.startsAt.getTime(), yearStart)), 0);
}

export function overlaps(a: Period, b: Period): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}
