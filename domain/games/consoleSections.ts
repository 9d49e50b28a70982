import { CARD_GROUPS } from './andharBahar';
import type { BetOption, GameDeclaration } from './types';

/**
 * The option lists the console API sends: `data`, and for the `cards` layout the
 * colours and card types apart from the cards; every other layout sends all its options as `data`.
 */
export function consoleSections(game: GameDeclaration): { data: readonly BetOption[]; colors: readonly BetOption[]; cardTypes: readonly BetOption[] } {
  if (game.layout.kind !== 'cards') return { data: game.options, colors: [], cardTypes: [] };
  const group = (g: string) => game.options.filter((o) => o.group === g);
  return { data: group(CARD_GROUPS.data), colors: group(CARD_GROUPS.colors), cardTypes: group(CARD_GROUPS.cardTypes) };
}
