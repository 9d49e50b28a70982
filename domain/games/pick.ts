import { cardPick } from './andharBahar';
import type { ConsolePick, GameDeclaration } from './types';

/**
 * The outcome a console's SAVE asks for, or null when it is not a result of that game.
 * The `card` pick needs result, colour and type; every other pick takes the result as the outcome.
 */
export function outcomeOfPick(game: GameDeclaration, pick: ConsolePick): string | null {
  if (game.pick === 'card') return cardPick(pick);
  const result = String(pick.result ?? '').trim();
  return game.outcomes.includes(result) ? result : null;
}
