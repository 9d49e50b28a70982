import type { GameDeclaration } from './types';

/**
 * The one rounding rule of winnings: stake × odds × booster, rounded half-up to the cent.
 * Only ×3.95 and ×1.95 ever produce fractions of a cent (1 cent at ×3.95 pays 3.95 → 4 cents).
 */
export function winCents(stakeCents: bigint, oddsX100: number, booster: number): bigint {
  const scaled = stakeCents * BigInt(oddsX100) * BigInt(booster);
  return (scaled + 50n) / 100n;
}

/** Stakes of one round per option key, in cents. */
export type Stakes = ReadonlyMap<string, bigint>;

/** What the round would pay out if `outcome` were drawn with `booster`. */
export function payoutFor(game: GameDeclaration, stakes: Stakes, outcome: string, booster: number): bigint {
  let total = 0n;
  for (const key of game.winners(outcome)) {
    const stake = stakes.get(key);
    if (stake) total += winCents(stake, oddsOf(game, key), booster);
  }
  return total;
}

const oddsCache = new WeakMap<GameDeclaration, Map<string, number>>();

/** The odds of an option key (0 for a key the game does not have). */
export function oddsOf(game: GameDeclaration, key: string): number {
  let map = oddsCache.get(game);
  if (!map) {
    map = new Map(game.options.map((o) => [o.key, o.oddsX100]));
    oddsCache.set(game, map);
  }
  return map.get(key) ?? 0;
}

/** Sum of stakes per option from ticket lines (a ticket holds several option/qty lines). */
export function stakesOf(lines: Iterable<{ option: string; stakeCents: bigint }>): Map<string, bigint> {
  const stakes = new Map<string, bigint>();
  for (const l of lines) stakes.set(l.option, (stakes.get(l.option) ?? 0n) + l.stakeCents);
  return stakes;
}
