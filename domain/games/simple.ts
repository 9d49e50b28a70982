import type { BetOption } from './types';
import type { DrawOf } from './draw';

/** Options of a game where one option is drawn (digits, numbers, pictures), in console order. */
export function optionsOf(
  keys: readonly string[],
  g: { oddsX100: number; label?: (key: string) => string; color?: (key: string) => BetOption['color']; image?: (key: string) => string },
): BetOption[] {
  return keys.map((key) => ({
    key,
    label: g.label ? g.label(key) : key,
    oddsX100: g.oddsX100,
    group: 'main',
    ...(g.color ? { color: g.color(key) } : {}),
    ...(g.image ? { image: g.image(key) } : {}),
  }));
}

/** The `option` draw: every option key is an outcome, and only that option pays. */
export const optionDraw: DrawOf = (options) => {
  const labels = new Map(options.map((o) => [o.key, o.label]));
  return {
    outcomes: options.map((o) => o.key),
    winners: (outcome) => (labels.has(outcome) ? [outcome] : []),
    describe: (outcome) => labels.get(outcome) ?? outcome,
  };
};

export const digits = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
