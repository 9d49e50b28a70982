import type { RandomSource } from './random';

/**
 * Booster of a round: 2 when the console forced it, 2 automatically once every 20–30 rounds,
 * else 1. The automatic gap is drawn anew after each automatic booster.
 */
export const BOOSTERS = [1, 2] as const;
export type Booster = (typeof BOOSTERS)[number];
export type BoosterSource = 'console' | 'schedule' | 'none';

export const AUTO_BOOST_MIN_GAP = 20;
export const AUTO_BOOST_MAX_GAP = 30;

export interface BoosterState {
  /** Rounds settled since the last automatic booster. */
  readonly roundsSinceBoost: number;
  /** The gap (20–30) after which the next automatic booster comes. */
  readonly nextGap: number;
}

/** A new schedule: a gap drawn uniformly from 20 to 30. */
export const drawGap = (random: RandomSource): number => AUTO_BOOST_MIN_GAP + random.int(AUTO_BOOST_MAX_GAP - AUTO_BOOST_MIN_GAP + 1);

export function nextBooster(
  state: BoosterState,
  forced: Booster | null,
  random: RandomSource,
): { booster: Booster; source: BoosterSource; state: BoosterState } {
  const rounds = state.roundsSinceBoost + 1;
  if (rounds >= state.nextGap) {
    return { booster: 2, source: forced === 2 ? 'console' : 'schedule', state: { roundsSinceBoost: 0, nextGap: drawGap(random) } };
  }
  if (forced) return { booster: forced, source: forced === 2 ? 'console' : 'none', state: { ...state, roundsSinceBoost: rounds } };
  return { booster: 1, source: 'none', state: { ...state, roundsSinceBoost: rounds } };
}
