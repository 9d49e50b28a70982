/**
 * Report and bet-list periods. Codes are the API's: Today=7, Yesterday=6, Current Week=5,
 * Last Week=4, Last Month=3, Current Month=2, Last 6 Months=1, custom=8.
 *
 * Days are calendar days of the running process's time zone (`TZ` on the server, the browser's on
 * the client): a day starts at 00:00:00.000 and ends at 23:59:59.999. Last 6 Months is the one
 * range that keeps the clock time (six months ago to now).
 */
export const PERIOD_CODES = { today: 7, yesterday: 6, currentWeek: 5, lastWeek: 4, lastMonth: 3, currentMonth: 2, lastSixMonths: 1, custom: 8 } as const;
export type PeriodName = keyof typeof PERIOD_CODES;
export type PeriodCode = (typeof PERIOD_CODES)[PeriodName];

export interface Range {
  readonly start: Date;
  readonly end: Date;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0, 0);
const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);
const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds());

/** Whole days from `from` to `to` inclusive. */
export const dayRange = (from: Date, to: Date): Range => ({ start: startOfDay(from), end: endOfDay(to) });

/** The range of a period code at `now`; custom (8) needs `from` and `to`, else null. */
export function periodRange(code: number, now: Date, custom?: { from: Date; to: Date }): Range | null {
  switch (code) {
    case 7:
      return dayRange(now, now);
    case 6:
      return dayRange(addDays(now, -1), addDays(now, -1));
    case 5: {
      const sunday = addDays(now, -now.getDay());
      return dayRange(sunday, addDays(sunday, 6));
    }
    case 4:
      return dayRange(addDays(now, -7), addDays(now, -1));
    case 3:
      return dayRange(new Date(now.getFullYear(), now.getMonth() - 1, 1), new Date(now.getFullYear(), now.getMonth(), 0));
    case 2:
      return dayRange(new Date(now.getFullYear(), now.getMonth(), 1), new Date(now.getFullYear(), now.getMonth() + 1, 0));
    case 1: {
      const start = new Date(now);
      start.setMonth(now.getMonth() - 6);
      return { start, end: new Date(now) };
    }
    case 8:
      return custom && isValidDate(custom.from) && isValidDate(custom.to) ? dayRange(custom.from, custom.to) : null;
    default:
      return null;
  }
}

const isValidDate = (d: Date) => !Number.isNaN(d.getTime());

/**
 * The years a period's date may fall in. Outside them a date is a typing error or a probe, and
 * near the ends of JavaScript's range the day arithmetic above yields Invalid Date (and a year
 * past 9999 is no PostgreSQL timestamp): such a date is refused like one that does not parse.
 */
export const DATE_YEARS = { min: 2000, max: 2100 } as const;

/** A date from a query or route value (`startDate`, `endDate`), or null when it does not parse or lies outside DATE_YEARS. */
export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const d = new Date(value);
  if (!isValidDate(d)) return null;
  const year = d.getFullYear();
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max ? d : null;
}

/**
 * The last complete period a commission send pays: yesterday, or the last whole week
 * (Sunday to Saturday) before the current one.
 */
export function lastCompletePeriod(kind: 'day' | 'week', now: Date): Range {
  if (kind === 'day') return dayRange(addDays(now, -1), addDays(now, -1));
  const lastSunday = addDays(now, -now.getDay() - 7);
  return dayRange(lastSunday, addDays(lastSunday, 6));
}

/** The calendar day of a moment in the running process's time zone, as YYYY-MM-DD. */
export const dayKey = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The last `count` calendar days up to and including `now`'s, oldest first, as day keys. */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => dayKey(addDays(now, i - count + 1)));
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as people read it in messages, in the running process's time zone: dd/MM/yyyy HH:mm:ss,
 * the format of the screens' date columns (never an ISO instant in UTC).
 */
export const formatDateTime = (d: Date): string =>
  `${two(d.getDate())}/${two(d.getMonth() + 1)}/${String(d.getFullYear()).padStart(4, '0')} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
