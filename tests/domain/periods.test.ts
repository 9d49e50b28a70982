import { PERIOD_CODES, lastCompletePeriod, parseDate, periodRange } from '../../domain/periods';

// Wednesday 2026-03-18 15:30:45.123 local time.
const NOW = new Date(2026, 2, 18, 15, 30, 45, 123);
const local = (y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, mi, s, ms);
const range = (code: number) => {
  const r = periodRange(code, NOW);
  if (!r) throw new Error(`no range for ${code}`);
  return [r.start, r.end];
};

describe('period ranges', () => {
  it('keep the API’s codes (Today 7 … Last 6 Months 1, custom 8)', () => {
    expect(PERIOD_CODES).toEqual({ today: 7, yesterday: 6, currentWeek: 5, lastWeek: 4, lastMonth: 3, currentMonth: 2, lastSixMonths: 1, custom: 8 });
  });

  it('run from the first to the last millisecond of their days', () => {
    expect(range(7)).toEqual([local(2026, 3, 18), local(2026, 3, 18, 23, 59, 59, 999)]);
    expect(range(6)).toEqual([local(2026, 3, 17), local(2026, 3, 17, 23, 59, 59, 999)]);
    expect(range(5)).toEqual([local(2026, 3, 15), local(2026, 3, 21, 23, 59, 59, 999)]); // Sunday to Saturday
    expect(range(4)).toEqual([local(2026, 3, 11), local(2026, 3, 17, 23, 59, 59, 999)]); // seven days ago to yesterday
    expect(range(3)).toEqual([local(2026, 2, 1), local(2026, 2, 28, 23, 59, 59, 999)]);
    expect(range(2)).toEqual([local(2026, 3, 1), local(2026, 3, 31, 23, 59, 59, 999)]);
  });

  it('keep the clock time for the last six months', () => {
    expect(range(1)).toEqual([local(2025, 9, 18, 15, 30, 45, 123), NOW]);
  });

  it('cover whole chosen days for a custom range, and refuse one without dates', () => {
    const r = periodRange(8, NOW, { from: local(2026, 1, 5, 13), to: local(2026, 1, 9, 1) });
    expect(r).toEqual({ start: local(2026, 1, 5), end: local(2026, 1, 9, 23, 59, 59, 999) });
    expect(periodRange(8, NOW)).toBeNull();
    expect(periodRange(8, NOW, { from: new Date('nope'), to: NOW })).toBeNull();
    expect(periodRange(9, NOW)).toBeNull();
  });

  it('cross a year boundary', () => {
    const jan = local(2026, 1, 2, 10);
    expect(periodRange(3, jan)).toEqual({ start: local(2025, 12, 1), end: local(2025, 12, 31, 23, 59, 59, 999) });
    expect(periodRange(5, jan)?.start).toEqual(local(2025, 12, 28));
  });

  it('parse dates from queries', () => {
    expect(parseDate('2026-03-01T00:00:00.000Z')?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(parseDate('garbage')).toBeNull();
    expect(parseDate(undefined)).toBeNull();
    // Outside 2000–2100 a date is refused like garbage: near JavaScript's limits the day arithmetic gives Invalid Date.
    for (const bad of ['-271821-04-20', '+275760-09-13', '10000-01-01', '1999-12-31', '2101-01-01']) expect(parseDate(bad)).toBeNull();
    expect(parseDate('2000-01-01')?.getFullYear()).toBe(2000);
    expect(parseDate('2100-12-31')?.getFullYear()).toBe(2100);
  });

  it('name the last complete day and week a commission send pays', () => {
    expect(lastCompletePeriod('day', NOW)).toEqual({ start: local(2026, 3, 17), end: local(2026, 3, 17, 23, 59, 59, 999) });
    expect(lastCompletePeriod('week', NOW)).toEqual({ start: local(2026, 3, 8), end: local(2026, 3, 14, 23, 59, 59, 999) });
  });
});
