/** The page's times read as the browser's own `toLocale…String` would put them, from formats made once. */
import { clockTime, shortTime } from '../../web/src/components/times';

const TODAY = new Date(2026, 10, 27, 15, 30);
const MOMENTS = [
  new Date(2026, 10, 27, 0, 5),
  new Date(2026, 10, 27, 14, 7),
  new Date(2026, 10, 27, 23, 59),
  new Date(2026, 10, 26, 23, 59),
  new Date(2025, 0, 3, 9, 0),
];

describe('times on the page', () => {
  it('reads a time of day as hours and minutes', () => {
    for (const moment of MOMENTS) expect(clockTime(moment.toISOString())).toBe(moment.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
  });

  it('reads a moment of today as its time of day, an earlier one as its day', () => {
    const today = TODAY.toDateString();
    expect(MOMENTS.map((moment) => shortTime(moment.toISOString(), today))).toEqual([
      ...MOMENTS.slice(0, 3).map((moment) => moment.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })),
      ...MOMENTS.slice(3).map((moment) => moment.toLocaleDateString([], { month: 'short', day: 'numeric' })),
    ]);
    expect(shortTime(MOMENTS[3].toISOString(), today)).not.toBe(shortTime(MOMENTS[2].toISOString(), today));
  });
});
