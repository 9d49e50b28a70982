import type { BetOption, GameDeclaration } from './types';

interface SimpleGame {
  gameId: string;
  gameName: string;
  slug: string;
  defaultTime: number;
  oddsX100: number;
  /** Option keys in console order; each is also the outcome that pays it. */
  keys: readonly string[];
  label?: (key: string) => string;
  color?: (key: string) => BetOption['color'];
  image?: (key: string) => string;
}

/** Games where one option is drawn and only that option pays (digits, numbers, pictures). */
export function simpleGame(g: SimpleGame): GameDeclaration {
  const label = g.label ?? ((k: string) => k);
  const options: BetOption[] = g.keys.map((key) => ({
    key,
    label: label(key),
    oddsX100: g.oddsX100,
    group: 'main',
    ...(g.color ? { color: g.color(key) } : {}),
    ...(g.image ? { image: g.image(key) } : {}),
  }));
  const known = new Set(g.keys);
  return {
    gameId: g.gameId,
    gameName: g.gameName,
    slug: g.slug,
    defaultTime: g.defaultTime,
    unitPriceCents: 100n,
    options,
    outcomes: g.keys,
    winners: (outcome) => (known.has(outcome) ? [outcome] : []),
    describe: (outcome) => (known.has(outcome) ? label(outcome) : outcome),
  };
}

export const digits = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
