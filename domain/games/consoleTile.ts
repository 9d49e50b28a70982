import { outcomeOfPick } from './pick';
import type { ConsolePick, GameDeclaration } from './types';

/** The console's picks before SAVE: the result box, and Andhar Bahar's colour and type. */
export interface TilePicks {
  result?: string;
  color?: string;
  type?: string;
}

/**
 * What a click on an option tile picks, by the game's pick rule: `card`, the card, colour and
 * card-type rows each fill their own pick; `patti`, a three-digit patti is the result (a single or
 * jodi tile is not a draw); `option`, the tile's key is the result.
 */
export function pickTile(game: GameDeclaration, key: string, picks: TilePicks): TilePicks {
  const [group, value] = key.includes(':') ? (key.split(':') as [string, string]) : ['', key];
  if (game.pick === 'card') {
    if (group === 'card') return { ...picks, result: value };
    if (group === 'suit') return { ...picks, color: value };
    if (group === 'side') return { ...picks, type: value };
    return picks;
  }
  if (game.pick === 'patti') return group === 'patti' ? { ...picks, result: value } : picks;
  return { ...picks, result: key };
}

/** Whether a tile is one of the current picks (drawn highlighted). */
export function tilePicked(game: GameDeclaration, key: string, picks: TilePicks): boolean {
  const [group, value] = key.includes(':') ? (key.split(':') as [string, string]) : ['', key];
  if (game.pick === 'card') return (group === 'card' && picks.result === value) || (group === 'suit' && picks.color === value) || (group === 'side' && picks.type === value);
  if (game.pick === 'patti') return group === 'patti' && picks.result === value;
  return picks.result === key;
}

/** The outcome SAVE would queue, or null while the picks do not make one (SAVE then alerts "Please enter a valid result."). */
export const outcomeOfPicks = (game: GameDeclaration, picks: TilePicks): string | null =>
  picks.result === undefined ? null : outcomeOfPick(game, { result: picks.result, color: picks.color, type: picks.type } satisfies ConsolePick);
