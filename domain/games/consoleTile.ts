import { andharBahar } from './andharBahar';
import { outcomeOfPick } from './pick';
import type { ConsolePick, GameDeclaration } from './types';

/** The console's picks before SAVE: the result box, and Andhar Bahar's colour and type. */
export interface TilePicks {
  result?: string;
  color?: string;
  type?: string;
}

/**
 * What a click on an option tile picks. Andhar Bahar's card, colour and card-type rows each fill
 * their own pick; Triple Fun's result is a three-digit patti (a single or jodi tile is not a
 * draw); every other game's option key is its result.
 */
export function pickTile(game: GameDeclaration, key: string, picks: TilePicks): TilePicks {
  const [group, value] = key.includes(':') ? (key.split(':') as [string, string]) : ['', key];
  if (game.gameId === andharBahar.gameId) {
    if (group === 'card') return { ...picks, result: value };
    if (group === 'suit') return { ...picks, color: value };
    if (group === 'side') return { ...picks, type: value };
    return picks;
  }
  if (group === 'patti') return { ...picks, result: value };
  if (group !== '') return picks;
  return { ...picks, result: key };
}

/** Whether a tile is one of the current picks (drawn highlighted). */
export function tilePicked(game: GameDeclaration, key: string, picks: TilePicks): boolean {
  const [group, value] = key.includes(':') ? (key.split(':') as [string, string]) : ['', key];
  if (game.gameId === andharBahar.gameId) return (group === 'card' && picks.result === value) || (group === 'suit' && picks.color === value) || (group === 'side' && picks.type === value);
  return group === 'patti' || group === '' ? picks.result === value : false;
}

/** The outcome SAVE would queue, or null while the picks do not make one (spec: "Please enter a valid result."). */
export const outcomeOfPicks = (game: GameDeclaration, picks: TilePicks): string | null =>
  picks.result === undefined ? null : outcomeOfPick(game, { result: picks.result, color: picks.color, type: picks.type } satisfies ConsolePick);
