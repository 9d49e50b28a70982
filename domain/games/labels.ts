import { POOL_NAME } from '../ledgerText';
import { interpolate } from '../messages';
import type { GameDeclaration } from './types';

/**
 * The words people read for what the engine stores as keys: a ticket line's option (`card:12` is
 * `Q`, `side:andar` is `Andhar`, `jodi:45` is `Jodi 45`) and a round's result (`12:heart` is `Q♥`,
 * `345` is `3-4-5`). A key the game does not declare (a game without a declaration, an option
 * dropped since) is shown as stored rather than hidden.
 */
export function optionLabelOf(game: GameDeclaration | undefined, key: string): string {
  return (game && linesOf(game).get(key)) ?? key;
}

// Triple Fun declares 1,110 options: a ticket list looks each line up in a map built once per game.
const lineLabels = new WeakMap<GameDeclaration, ReadonlyMap<string, string>>();
function linesOf(game: GameDeclaration): ReadonlyMap<string, string> {
  const known = lineLabels.get(game);
  if (known) return known;
  const map = new Map(game.options.map((o) => [o.key, o.lineLabel ?? o.label]));
  lineLabels.set(game, map);
  return map;
}

/** A round's result as the result strip shows it; null while the round has none. */
export function resultLabelOf(game: GameDeclaration | undefined, outcome: string | null): string | null {
  if (outcome === null) return null;
  return game ? game.describe(outcome) : outcome;
}

/**
 * The name a game pool (the account a game's stakes go into and wins come out of) goes by on
 * screens: its usernames come from the accounts' sequence and read like a player's.
 */
export const poolDisplayName = (gameName: string, adminUsername: string): string => interpolate(POOL_NAME, { game: gameName, admin: adminUsername });
