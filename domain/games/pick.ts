import { andharBahar, andharBaharPick } from './andharBahar';
import type { ConsolePick, GameDeclaration } from './types';

/**
 * The outcome a console's SAVE asks for, or null when it is not a result of that game.
 * Andhar Bahar needs result, colour and type; every other game takes the option key as the result.
 */
export function outcomeOfPick(game: GameDeclaration, pick: ConsolePick): string | null {
  if (game.gameId === andharBahar.gameId) return andharBaharPick(pick);
  const result = String(pick.result ?? '').trim();
  return game.outcomes.includes(result) ? result : null;
}
