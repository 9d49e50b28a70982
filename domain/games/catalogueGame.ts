import { digits, optionsOf } from './simple';
import type { GameDef } from './types';

/**
 * A game as the catalogue (`games` table, Game Master) holds it. A game the registry does not
 * declare is played from this row alone: a "pick one of `nodigit`" game, options 0 to nodigit − 1.
 */
export interface CatalogueGame {
  readonly gameId: string;
  readonly gameName: string;
  readonly nodigit: number;
  /** Round length in seconds. */
  readonly timeSeconds: number;
  /** The payout multiplier in hundredths; null for the default of defaultOddsX100. */
  readonly oddsX100: number | null;
  /** Whether the options show the uploaded images (one per digit, in digit order). */
  readonly label: boolean;
  readonly images: readonly string[];
}

/** Names of images uploaded in Game Master, as the server stores them: 32 hex characters and a known extension. */
export const UPLOADED_IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** The return to player a catalogue game's default multiplier aims at, in percent. */
export const CATALOGUE_RTP_PERCENT = 90;
export const MIN_ODDS_X100 = 100;
export const MAX_ODDS_X100 = 100_000;

/**
 * The default multiplier of a pick-one game: floor(RTP × options), ×9 for 10 options. Never below ×1:
 * floor(0.9) would pay a single-option game nothing.
 */
export const defaultOddsX100 = (nodigit: number): number => Math.max(1, Math.floor((nodigit * CATALOGUE_RTP_PERCENT) / 100)) * 100;

export const oddsX100Of = (g: Pick<CatalogueGame, 'nodigit' | 'oddsX100'>): number => g.oddsX100 ?? defaultOddsX100(g.nodigit);

/** The registry entry of a catalogue row, for defineGame: the same machinery as a declared game. */
export function catalogueGameDef(g: CatalogueGame): GameDef {
  // Images only when there is one per option: a label game always has them (the form refuses fewer).
  const images = g.label && g.images.length === g.nodigit ? g.images : null;
  return {
    gameId: g.gameId,
    gameName: g.gameName,
    slug: g.gameId,
    nodigit: g.nodigit,
    time: g.timeSeconds,
    options: optionsOf(digits(0, g.nodigit - 1), { oddsX100: oddsX100Of(g), ...(images ? { image: (k: string) => images[Number(k)] ?? k } : {}) }),
    draw: 'option',
    pick: 'option',
    layout: { kind: 'grid', columns: Math.min(g.nodigit, 10) },
  };
}
