import { pausedDeadline, timeInYear } from './vacation-time';

const at = (iso: string) => new Date(`2026-${iso}Z`);
const period = (from: string, to: string) => ({ startsAt: at(from), endsAt: at(to) });

describe('pausedDeadline', () => {
  const since = at('03-01T12:00:00');
  const due = at('03-04T12:00:00');

  it('leaves the deadline alone without vacations, or with ones outside the turn', () => {
    expect(pausedDeadline(since, due, [])).toEqual(due);
    expect(pausedDeadline(since, due, [period('02-01T00:00:00', '02-10T00:00:00'), period('03-05T00:00:00', '03-09T00:00:00')])).toEqual(due);
  });

  it('adds the vacation time that falls after the turn began', () => {
    expect(pausedDeadline(since, due, [period('03-02T12:00:00', '03-03T12:00:00')])).toEqual(at('03-05T12:00:00'));
    // Started before the turn: only the part after `since` counts.
    expect(pausedDeadline(since, due, [period('02-28T12:00:00', '03-02T12:00:00')])).toEqual(at('03-05T12:00:00'));
  });

  it('also counts a vacation that starts only before the already pushed deadline', () => {
    const periods = [period('03-03T12:00:00', '03-04T12:00:00'), period('03-05T00:00:00', '03-06T00:00:00')];
    expect(pausedDeadline(since, due, periods)).toEqual(at('03-06T12:00:00'));
  });
});

describe('timeInYear', () => {
  it('counts only the part of each period inside the year', () => {
    const day = 24 * 60 * 60 * 1000;
    const periods = [{ startsAt: new Date('2025-12-30T00:00:00Z'), endsAt: new Date('2026-01-02T00:00:00Z') }, period('06-01T00:00:00', '06-08T00:00:00')];
    expect(timeInYear(periods, 2026)).toBe(8 * day);
    expect(timeInYear(periods, 2025)).toBe(2 * day);
  });
});
