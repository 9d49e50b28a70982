/**
 * How a total over a time range [start, end] (both ends included, as BETWEEN reads them) is made of
 * kept counts per UTC hour and of rows counted by time at its edges. An edge hour the range covers
 * for more than half is taken whole and the part outside subtracted; one covered for less is left out
 * and the part inside added: either way the rows read by time are at most half an hour's. A range of
 * whole days in any time zone ends one millisecond before an hour, so its last hour costs a
 * millisecond's rows.
 */
export const HOUR_MS = 3_600_000;

/** Rows by time: `from` included, `to` included when `toIncluded`, else excluded. */
export interface TimeWindow {
  from: Date;
  fromIncluded: boolean;
  to: Date;
  toIncluded: boolean;
}

export interface HourCover {
  /** Whole UTC hours (hours since 1970) taken from the kept counts, first and last included; null: none. */
  hours: { first: number; last: number } | null;
  /** Windows whose rows are added to those hours' counts. */
  add: TimeWindow[];
  /** Windows whose rows are subtracted (the parts of taken hours outside the range). */
  subtract: TimeWindow[];
}

const at = (hour: number) => new Date(hour * HOUR_MS);

export function hourCover(start: Date, end: Date): HourCover {
  const s = start.getTime();
  const e = end.getTime();
  if (e < s) return { hours: null, add: [], subtract: [] };
  let first = Math.floor(s / HOUR_MS);
  let last = Math.floor(e / HOUR_MS);
  const add: TimeWindow[] = [];
  const subtract: TimeWindow[] = [];
  if (first === last) {
    // One hour: the range itself, or the hour less both parts outside it, whichever is shorter.
    if (e - s < HOUR_MS / 2) return { hours: null, add: [{ from: start, fromIncluded: true, to: end, toIncluded: true }], subtract: [] };
    if (s > first * HOUR_MS) subtract.push({ from: at(first), fromIncluded: true, to: start, toIncluded: false });
    subtract.push({ from: end, fromIncluded: false, to: at(first + 1), toIncluded: false });
    return { hours: { first, last }, add, subtract };
  }
  if (s > first * HOUR_MS) {
    if (s - first * HOUR_MS <= HOUR_MS / 2) subtract.push({ from: at(first), fromIncluded: true, to: start, toIncluded: false });
    else {
      add.push({ from: start, fromIncluded: true, to: at(first + 1), toIncluded: false });
      first += 1;
    }
  }
  // The last hour always reaches past the end (the end is an instant inside it, included).
  if ((last + 1) * HOUR_MS - e <= HOUR_MS / 2) subtract.push({ from: end, fromIncluded: false, to: at(last + 1), toIncluded: false });
  else {
    add.push({ from: at(last), fromIncluded: true, to: end, toIncluded: true });
    last -= 1;
  }
  return { hours: first <= last ? { first, last } : null, add, subtract };
}
