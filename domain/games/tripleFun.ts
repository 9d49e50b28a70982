import type { BetOption, GameDeclaration } from './types';

/**
 * Triple Fun draws three digits a-b-c (000–999). A single is a bet on the last digit (×9), a jodi on
 * the last two (×90), a patti on all three (×900): one draw pays at most one option of each kind.
 */
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const options: BetOption[] = [
  ...range(10).map((n) => ({ key: `single:${n}`, label: String(n), lineLabel: `Single ${n}`, oddsX100: 900, group: 'single' })),
  ...range(100).map((n) => ({ key: `jodi:${pad(n, 2)}`, label: pad(n, 2), lineLabel: `Jodi ${pad(n, 2)}`, oddsX100: 9000, group: 'jodi' })),
  ...range(1000).map((n) => ({ key: `patti:${pad(n, 3)}`, label: pad(n, 3), lineLabel: `Patti ${pad(n, 3)}`, oddsX100: 90000, group: 'patti' })),
];
const outcomes = range(1000).map((n) => pad(n, 3));
const valid = new Set(outcomes);

export const tripleFun: GameDeclaration = {
  gameId: 'zuuhVbBM',
  gameName: 'Triple Fun',
  slug: 'triplefun',
  defaultTime: 120,
  unitPriceCents: 100n,
  options,
  outcomes,
  winners: (o) => (valid.has(o) ? [`single:${o[2]}`, `jodi:${o.slice(1)}`, `patti:${o}`] : []),
  describe: (o) => (valid.has(o) ? `${o[0]}-${o[1]}-${o[2]}` : o),
};
