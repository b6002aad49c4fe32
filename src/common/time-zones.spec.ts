import { AppError } from './errors';
import { checkTimeZone, formatInTimeZone, knownTimeZone } from './time-zones';

describe('formatInTimeZone', () => {
  it('writes UTC as it is, named', () => {
    expect(formatInTimeZone(new Date('2026-03-03T14:05:00Z'), 'UTC')).toBe('Tue 3 Mar 2026, 14:05 UTC');
  });

  it('follows daylight saving time in a zone that has it, with its abbreviation and place', () => {
    expect(formatInTimeZone(new Date('2026-01-15T14:05:00Z'), 'America/New_York')).toBe('Thu 15 Jan 2026, 09:05 EST (New York time)');
    expect(formatInTimeZone(new Date('2026-07-15T14:05:00Z'), 'America/New_York')).toBe('Wed 15 Jul 2026, 10:05 EDT (New York time)');
    // The night the clocks go forward (8 March 2026, 02:00 local): 06:59 UTC is 01:59 EST, 07:00 UTC is 03:00 EDT.
    expect(formatInTimeZone(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toBe('Sun 8 Mar 2026, 01:59 EST (New York time)');
    expect(formatInTimeZone(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('Sun 8 Mar 2026, 03:00 EDT (New York time)');
  });

  it('keeps the same offset all year in a zone without daylight saving time', () => {
    expect(formatInTimeZone(new Date('2026-01-15T14:05:00Z'), 'Asia/Tokyo')).toBe('Thu 15 Jan 2026, 23:05 GMT+9 (Tokyo time)');
    expect(formatInTimeZone(new Date('2026-07-15T14:05:00Z'), 'Asia/Tokyo')).toBe('Wed 15 Jul 2026, 23:05 GMT+9 (Tokyo time)');
  });

  it('puts zones either side of the date line on different days', () => {
    const at = new Date('2026-03-03T11:30:00Z');
    expect(formatInTimeZone(at, 'Pacific/Kiritimati')).toBe('Wed 4 Mar 2026, 01:30 GMT+14 (Kiritimati time)');
    expect(formatInTimeZone(at, 'Pacific/Pago_Pago')).toBe('Tue 3 Mar 2026, 00:30 GMT-11 (Pago Pago time)');
  });

  it('names no place for a zone named after none', () => {
    expect(formatInTimeZone(new Date('2026-03-03T14:05:00Z'), 'Etc/GMT+5')).toBe('Tue 3 Mar 2026, 09:05 GMT-5');
  });
});

describe('knownTimeZone and checkTimeZone', () => {
  it('spell a zone as Intl does', () => {
    expect(knownTimeZone('america/new_york')).toBe('America/New_York');
    expect(knownTimeZone('Etc/UTC')).toBe('UTC');
    expect(checkTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it.each(['Nowhere/Land', '+05:00', '', 'Europe/Paris; DROP TABLE users'])('refuse %p', (name) => {
    expect(knownTimeZone(name)).toBeNull();
    const refusal = (() => {
      try {
        checkTimeZone(name);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
