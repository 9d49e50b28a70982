import type { BetOption } from './types';
import type { DrawOf } from './draw';

/**
 * Triple Fun draws three digits a-b-c (000–999). A single is a bet on the last digit, a jodi on
 * the last two, a patti on all three: one draw pays at most one option of each kind.
 */
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The single, jodi and patti options at their odds (hundredths). */
export const tripleOptions = (odds: { single: number; jodi: number; patti: number }): BetOption[] => [
  ...range(10).map((n) => ({ key: `single:${n}`, label: String(n), lineLabel: `Single ${n}`, oddsX100: odds.single, group: 'single' })),
  ...range(100).map((n) => ({ key: `jodi:${pad(n, 2)}`, label: pad(n, 2), lineLabel: `Jodi ${pad(n, 2)}`, oddsX100: odds.jodi, group: 'jodi' })),
  ...range(1000).map((n) => ({ key: `patti:${pad(n, 3)}`, label: pad(n, 3), lineLabel: `Patti ${pad(n, 3)}`, oddsX100: odds.patti, group: 'patti' })),
];

/** The `triple` draw: 000–999, each paying its single, jodi and patti. */
export const tripleDraw: DrawOf = () => {
  const outcomes = range(1000).map((n) => pad(n, 3));
  const valid = new Set(outcomes);
  return {
    outcomes,
    winners: (o) => (valid.has(o) ? [`single:${o[2]}`, `jodi:${o.slice(1)}`, `patti:${o}`] : []),
    describe: (o) => (valid.has(o) ? `${o[0]}-${o[1]}-${o[2]}` : o),
  };
};
