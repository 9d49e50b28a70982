import { describe, expect, it } from 'vitest';
import { HOUR_MS, hourCover, type TimeWindow } from '../../domain/hourCover';

const inWindow = (w: TimeWindow, x: number) =>
  (w.fromIncluded ? x >= w.from.getTime() : x > w.from.getTime()) && (w.toIncluded ? x <= w.to.getTime() : x < w.to.getTime());

/** How many times the cover counts an instant: its hour if taken, plus the windows added, less those subtracted. */
function counted(start: Date, end: Date, x: number): number {
  const c = hourCover(start, end);
  const h = Math.floor(x / HOUR_MS);
  const hour = c.hours && h >= c.hours.first && h <= c.hours.last ? 1 : 0;
  return hour + c.add.filter((w) => inWindow(w, x)).length - c.subtract.filter((w) => inWindow(w, x)).length;
}

describe('hourCover: a time range as kept hours plus and less rows by time', () => {
  it('counts every instant inside the range once and every other instant not at all', () => {
    const base = Date.UTC(2026, 10, 20, 0, 0, 0);
    const offsets = [0, 1, 999, HOUR_MS / 2 - 1, HOUR_MS / 2, HOUR_MS / 2 + 1, HOUR_MS - 1, HOUR_MS, HOUR_MS + 1, 19_800_000, 86_400_000 - 1, 86_400_000, 3 * 86_400_000 + 1_234_567];
    let checked = 0;
    for (const s of offsets)
      for (const e of offsets) {
        if (e < s) continue;
        const start = new Date(base + s);
        const end = new Date(base + e);
        for (const o of [...offsets, s - 1, s, s + 1, e - 1, e, e + 1]) {
          const x = base + o;
          expect(counted(start, end, x), `${s}..${e} at ${o}`).toBe(x >= start.getTime() && x <= end.getTime() ? 1 : 0);
          checked++;
        }
        // Rows read by time: at most half an hour at each edge.
        const c = hourCover(start, end);
        const read = [...c.add, ...c.subtract].reduce((n, w) => n + (w.to.getTime() - w.from.getTime()), 0);
        expect(read, `${s}..${e}`).toBeLessThanOrEqual(HOUR_MS);
      }
    expect(checked).toBeGreaterThan(1000);
  });

  it('reads a millisecond for a whole day that ends just before an hour', () => {
    const start = new Date(Date.UTC(2026, 10, 20, 0, 0, 0));
    const end = new Date(Date.UTC(2026, 10, 20, 23, 59, 59, 999));
    const c = hourCover(start, end);
    expect(c.hours).toEqual({ first: start.getTime() / HOUR_MS, last: start.getTime() / HOUR_MS + 23 });
    expect(c.add).toEqual([]);
    expect(c.subtract.map((w) => w.to.getTime() - w.from.getTime())).toEqual([1]);
  });
});
