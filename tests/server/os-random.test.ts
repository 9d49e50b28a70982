import { describe, expect, it } from 'vitest';
import { decideRound, drawGap, AUTO_BOOST_MIN_GAP, type RandomSource } from '../../domain/games';
import { gameDeclaration, GAME_DECLARATIONS } from '../../resources.config';
import { osRandom } from '../../server/games/osRandom';

const DRAWS = 100_000;

/** Upper critical value of χ² with k degrees of freedom at p = 10⁻⁴ (Wilson–Hilferty). */
function chiSquareCritical(k: number): number {
  const z = 3.719;
  return k * (1 - 2 / (9 * k) + z * Math.sqrt(2 / (9 * k))) ** 3;
}

/** Draws `DRAWS` values of 0..buckets−1 and returns whether every one is in range and χ² passes. */
function uniformity(buckets: number, draw: () => number): { inRange: boolean; chi2: number; critical: number } {
  const counts = new Array<number>(buckets).fill(0);
  let inRange = true;
  for (let i = 0; i < DRAWS; i++) {
    const v = draw();
    if (!Number.isInteger(v) || v < 0 || v >= buckets) {
      inRange = false;
      continue;
    }
    counts[v]++;
  }
  const expected = DRAWS / buckets;
  const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  return { inRange, chi2, critical: chiSquareCritical(buckets - 1) };
}

const passes = (r: ReturnType<typeof uniformity>) => r.inRange && r.chi2 < r.critical;

describe('the production random source, each kind of draw 100,000 times', () => {
  it("the result among the candidates: through decideRound, and at every declared game's size", () => {
    // Nothing staked: every outcome pays 0, so all are candidates and the draw alone decides.
    const g = gameDeclaration('MNOQqWWi')!;
    const index = new Map(g.outcomes.map((o, i) => [o, i]));
    const decided = uniformity(g.outcomes.length, () => index.get(decideRound({ game: g, stakes: new Map(), poolBeforeCents: 0n, winPercentage: 90, booster: 1, boosterSource: 'none', random: osRandom }).chosen) ?? -1);
    expect(passes(decided), `${g.gameName}: χ² ${decided.chi2.toFixed(1)} (critical ${decided.critical.toFixed(1)}), in range ${decided.inRange}`).toBe(true);
    for (const n of new Set(GAME_DECLARATIONS.map((d) => d.outcomes.length))) {
      const r = uniformity(n, () => osRandom.int(n));
      expect(passes(r), `${n} outcomes: χ² ${r.chi2.toFixed(1)} (critical ${r.critical.toFixed(1)}), in range ${r.inRange}`).toBe(true);
    }
    // A million draws and more: a budget for a busy machine (a few seconds alone).
  }, 180_000);

  it("the booster's gap: 20 to 30 rounds, each as often", () => {
    const r = uniformity(11, () => drawGap(osRandom) - AUTO_BOOST_MIN_GAP);
    expect(passes(r), `χ² ${r.chi2.toFixed(1)} (critical ${r.critical.toFixed(1)})`).toBe(true);
  });

  it('a number in [0, 1): in range, and uniform over 50 bins', () => {
    let inRange = true;
    const r = uniformity(50, () => {
      const u = osRandom.unit();
      if (!(u >= 0 && u < 1)) inRange = false;
      return Math.floor(u * 50);
    });
    expect(inRange && passes(r), `χ² ${r.chi2.toFixed(1)} (critical ${r.critical.toFixed(1)})`).toBe(true);
  });

  it('draws from the widest range Node allows, and refuses a range it cannot draw from', () => {
    for (const n of [1, 2 ** 32 + 1, 2 ** 48 - 1]) {
      const v = osRandom.int(n);
      expect(v >= 0 && v < n && Number.isInteger(v)).toBe(true);
    }
    for (const n of [0, 2 ** 48, 1.5, Number.NaN]) expect(() => osRandom.int(n), String(n)).toThrow(RangeError);
  });

  it('the check can fail: a source that never draws the last option is caught', () => {
    const biased: RandomSource = { int: (n) => osRandom.int(n - 1), unit: () => osRandom.unit() };
    const g = gameDeclaration('MNOQqWWi')!;
    const index = new Map(g.outcomes.map((o, i) => [o, i]));
    const r = uniformity(10, () => index.get(decideRound({ game: g, stakes: new Map(), poolBeforeCents: 0n, winPercentage: 90, booster: 1, boosterSource: 'none', random: biased }).chosen) ?? -1);
    expect(passes(r)).toBe(false);
  });
});
