/**
 * Where every draw of the engine takes its randomness: the result among the candidates, the booster's
 * gap, any later one. Production passes the OS generator, tests a seeded one, through this one
 * interface, so the code that runs in tests is the code that runs in production.
 */
export interface RandomSource {
  /** A uniform integer in [0, n); n is a whole number from 1 to 2^48 − 1. */
  int(n: number): number;
  /** A uniform number in [0, 1). */
  unit(): number;
}

/** The largest range a draw may ask for: the OS generator's (Node's randomInt) limit. */
export const MAX_DRAW_RANGE = 2 ** 48 - 1;

/** Refuses a range no generator here can draw from, so every source fails alike on a bad call. */
export function checkRange(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_DRAW_RANGE) throw new RangeError(`a draw needs a whole range from 1 to 2^48 − 1, got ${n}`);
}

/** A source from a uniform [0, 1) function: int(n) takes ⌊unit × n⌋. */
export function sourceFromUnit(unit: () => number): RandomSource {
  return {
    int(n) {
      checkRange(n);
      return Math.min(n - 1, Math.floor(unit() * n));
    },
    unit,
  };
}

/** A reproducible source (mulberry32) for tests, replays and simulations. */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return sourceFromUnit(() => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  });
}
