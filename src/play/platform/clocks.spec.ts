/**
 * Move clocks, given/when/then: given the game's settings and what pauses
 * each player, when turns begin and end at these times, then each clock
 * holds this much, and a running one runs out then. Banks, increments, caps,
 * weekends in two time zones (and across a change of daylight saving time),
 * vacations.
 */
import type { MoveDeadlineSettings } from '../platform-events';
import { type ClockPauses, countedMs, HOUR_MS, NO_PAUSES, runsOutAt, weekendsBetween } from './clock-time';
import { clockAt, clockRunsOutAt, clocksAfter, initialClocks, type SeatClock } from './clocks';

const at = (iso: string) => new Date(iso);
const hours = (n: number) => n * HOUR_MS;
/** Rally the Troops' middle pace: 5 days, +12 hours a move, up to 5 days. */
const RALLY: MoveDeadlineSettings = { bank: { initialHours: 120, incrementHours: 12, maxHours: 120 }, reminderHoursBefore: 24, onExpiry: 'ASK_HOST' };
const bank = (initialHours: number, incrementHours: number, maxHours: number, pauseOnWeekends = false): MoveDeadlineSettings => ({
  bank: { initialHours, incrementHours, maxHours },
  ...(pauseOnWeekends ? { pauseOnWeekends } : {}),
  reminderHoursBefore: 0,
  onExpiry: 'ASK_HOST',
});

/** given(settings, pauses of each seat).turn(seat, from, to)... then the clocks. */
function given(settings: MoveDeadlineSettings, pauses: ClockPauses[] = [NO_PAUSES, NO_PAUSES]) {
  let clocks: SeatClock[] = initialClocks(settings, pauses.length);
  const change = (at: Date, ended: number[], started: number[], extended: number[] = []) => {
    clocks = clocksAfter(settings, clocks, { at, ended, started, extended }, (seat) => pauses[seat]);
  };
  const steps = {
    /** `seat` is to act from `from` and moves at `to`. */
    turn(seat: number, from: string, to: string) {
      change(at(from), [], [seat]);
      change(at(to), [seat], []);
      return steps;
    },
    /** `seat` is to act from `from`, and still is. */
    startsTurn(seat: number, from: string) {
      change(at(from), [], [seat]);
      return steps;
    },
    /** Its time ran out, and the host (or the game's settings) gave it more at `when`. */
    extended(seat: number, when: string) {
      change(at(when), [], [], [seat]);
      return steps;
    },
    thenHolds(seat: number, expectedHours: number) {
      expect(clocks[seat].remainingMs).toBe(hours(expectedHours));
      return steps;
    },
    thenRunsOutAt(seat: number, iso: string) {
      expect(clockRunsOutAt(clocks[seat], pauses[seat])).toEqual(at(iso));
      return steps;
    },
    thenReads(seat: number, now: string, reading: { hoursLeft: number; running: boolean }) {
      expect(clockAt(clocks[seat], at(now), pauses[seat])).toEqual({ remainingMs: hours(reading.hoursLeft), running: reading.running });
      return steps;
    },
  };
  return steps;
}

const weekendsIn = (weekendZone: string): ClockPauses => ({ weekendZone, vacations: [] });

describe('a time bank', () => {
  it('runs only during its own seat’s turns, and gets the increment after each', () => {
    given(RALLY)
      .turn(0, '2026-05-04T09:00:00Z', '2026-05-04T19:00:00Z')
      // 120 - 10 + 12, capped.
      .thenHolds(0, 120)
      .thenHolds(1, 120)
      .turn(1, '2026-05-04T19:00:00Z', '2026-05-06T19:00:00Z')
      .thenHolds(1, 120 - 48 + 12)
      .thenHolds(0, 120);
  });

  it('never holds more than its cap, however fast the moves', () => {
    given(bank(72, 4, 72))
      .turn(0, '2026-05-04T09:00:00Z', '2026-05-04T09:30:00Z')
      .thenHolds(0, 72)
      .turn(0, '2026-05-04T10:00:00Z', '2026-05-05T10:00:00Z')
      .thenHolds(0, 72 - 24 + 4);
  });

  it('runs out when its seat has used it all, and reads 0 from then', () => {
    given(bank(72, 4, 72))
      .startsTurn(0, '2026-05-04T09:00:00Z')
      .thenRunsOutAt(0, '2026-05-07T09:00:00Z')
      .thenReads(0, '2026-05-06T09:00:00Z', { hoursLeft: 24, running: true })
      .thenReads(0, '2026-05-08T09:00:00Z', { hoursLeft: 0, running: false });
  });

  it('after running out, holds what an extension gives (the increment), and the increment once the turn ends', () => {
    given(bank(24, 4, 72))
      .startsTurn(0, '2026-05-04T09:00:00Z')
      .extended(0, '2026-05-05T12:00:00Z')
      .thenRunsOutAt(0, '2026-05-05T16:00:00Z')
      .turn(0, '2026-05-05T12:00:00Z', '2026-05-05T14:00:00Z')
      .thenHolds(0, 2 + 4);
    given(bank(24, 4, 72))
      .turn(0, '2026-05-04T09:00:00Z', '2026-05-06T09:00:00Z')
      .thenHolds(0, 4);
  });
});

describe('a time per move', () => {
  it('is the whole time again at every turn, whatever the turn before used', () => {
    given({ hoursPerMove: 48, reminderHoursBefore: 0, onExpiry: 'END' })
      .turn(0, '2026-05-04T09:00:00Z', '2026-05-05T21:00:00Z')
      .thenHolds(0, 48)
      .startsTurn(0, '2026-05-06T09:00:00Z')
      .thenRunsOutAt(0, '2026-05-08T09:00:00Z');
  });
});

describe('weekends', () => {
  // Friday 8 May 2026, 20:00 UTC: Friday 16:00 in New York, already Saturday 05:00 in Tokyo.
  const friday = '2026-05-08T20:00:00Z';

  it('pause each player’s clock from their own Saturday 00:00 to Monday 00:00', () => {
    given(bank(24, 0, 24, true), [weekendsIn('UTC'), weekendsIn('America/New_York'), weekendsIn('Asia/Tokyo')])
      .startsTurn(0, friday)
      .startsTurn(1, friday)
      .startsTurn(2, friday)
      // UTC: 4 hours on Friday, then 20 from Monday 00:00.
      .thenRunsOutAt(0, '2026-05-11T20:00:00Z')
      // New York (UTC-4): 8 hours until its Saturday at 04:00 UTC, then 16 from its Monday at 04:00 UTC.
      .thenRunsOutAt(1, '2026-05-11T20:00:00Z')
      // Tokyo (UTC+9): paused at once, until its Monday, Sunday 15:00 UTC; then 24 hours.
      .thenRunsOutAt(2, '2026-05-11T15:00:00Z')
      .thenReads(2, '2026-05-10T12:00:00Z', { hoursLeft: 24, running: false })
      .thenReads(1, '2026-05-10T12:00:00Z', { hoursLeft: 16, running: false })
      .thenReads(0, '2026-05-11T08:00:00Z', { hoursLeft: 12, running: true });
  });

  it('are counted out of what a turn used, not out of the bank', () => {
    given(bank(72, 0, 72, true), [weekendsIn('Asia/Tokyo'), NO_PAUSES])
      // Friday 09:00 to Monday 09:00 in Tokyo: a day of play on either side of the weekend.
      .turn(0, '2026-05-08T00:00:00Z', '2026-05-11T00:00:00Z')
      .thenHolds(0, 72 - 15 - 9);
  });

  it('last as long as the local weekend, across a change of daylight saving time', () => {
    // Paris leaves summer time in the night of Sunday 25 October 2026: that weekend lasts 49 hours.
    expect(weekendsBetween('Europe/Paris', Date.parse('2026-10-20T00:00:00Z'), Date.parse('2026-10-27T00:00:00Z'))).toEqual([
      { from: Date.parse('2026-10-23T22:00:00Z'), to: Date.parse('2026-10-25T23:00:00Z') },
    ]);
    expect(countedMs(at('2026-10-23T00:00:00Z'), at('2026-10-27T00:00:00Z'), weekendsIn('Europe/Paris'))).toBe(hours(96 - 49));
  });

  it('count for a player in a game that does not pause on them', () => {
    given(bank(24, 0, 24), [NO_PAUSES, NO_PAUSES])
      .startsTurn(0, friday)
      .thenRunsOutAt(0, '2026-05-09T20:00:00Z');
  });
});

describe('vacations', () => {
  const vacation = { startsAt: at('2026-05-05T00:00:00Z'), endsAt: at('2026-05-07T00:00:00Z') };

  it('pause the clock of the player on vacation only', () => {
    given(bank(72, 0, 72), [{ weekendZone: null, vacations: [vacation] }, NO_PAUSES])
      .startsTurn(0, '2026-05-04T12:00:00Z')
      .thenRunsOutAt(0, '2026-05-09T12:00:00Z')
      .thenReads(0, '2026-05-06T00:00:00Z', { hoursLeft: 60, running: false })
      .turn(1, '2026-05-04T12:00:00Z', '2026-05-06T12:00:00Z')
      .thenHolds(1, 24);
  });

  it('are not counted twice where they cover a weekend', () => {
    const overWeekend = { startsAt: at('2026-05-08T00:00:00Z'), endsAt: at('2026-05-12T00:00:00Z') };
    const pauses = { weekendZone: 'UTC', vacations: [overWeekend] };
    // Thursday 00:00 UTC with 48 hours: Thursday, then the vacation (Friday to Monday, its weekend inside), then Tuesday.
    expect(runsOutAt(at('2026-05-07T00:00:00Z'), hours(48), pauses)).toEqual(at('2026-05-13T00:00:00Z'));
  });
});
