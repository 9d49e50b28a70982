import { andharBahar } from './andharBahar';
import { digits, simpleGame } from './simple';
import { tripleFun } from './tripleFun';
import type { GameDeclaration } from './types';

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** Titli Sorrat's twelve pictures, in the console's order (two rows of six). */
export const TITLI_PICTURES = [
  'umbrella', 'ball', 'sun', 'lamp', 'cow', 'bucket',
  'kite', 'top', 'rose', 'butterfly', 'pigeon', 'rabbit',
] as const;

/** The seven games of the spec, keyed by their fixed gameIds. */
export const GAME_DECLARATIONS = [
  simpleGame({ gameId: 'MNOQqWWi', gameName: 'Fun Target', slug: 'funtarget', defaultTime: 60, oddsX100: 900, keys: digits(0, 9) }),
  simpleGame({
    gameId: 'vwRORrGO',
    gameName: 'Fun Roullet',
    slug: 'funroullet',
    defaultTime: 60,
    oddsX100: 3600,
    keys: [...digits(0, 36), '00'],
    color: (k) => (k === '0' || k === '00' ? 'green' : RED.has(Number(k)) ? 'red' : 'black'),
  }),
  tripleFun,
  andharBahar,
  simpleGame({
    gameId: 'qZicXikT',
    gameName: 'Titli Sorrat',
    slug: 'titlisorrat',
    defaultTime: 60,
    oddsX100: 1100,
    keys: TITLI_PICTURES.map((_, i) => String(i + 1)),
    label: (k) => TITLI_PICTURES[Number(k) - 1] ?? k,
    image: (k) => TITLI_PICTURES[Number(k) - 1] ?? k,
  }),
  simpleGame({ gameId: 'qZicXibb', gameName: 'Bingo', slug: 'bingo', defaultTime: 60, oddsX100: 2400, keys: digits(1, 25) }),
  simpleGame({ gameId: 'acqOpdff', gameName: 'Fun Timer', slug: 'funtimer', defaultTime: 60, oddsX100: 900, keys: digits(0, 9) }),
] as const satisfies readonly GameDeclaration[];

const byId = new Map<string, GameDeclaration>(GAME_DECLARATIONS.map((g) => [g.gameId, g]));

/** The declaration of a gameId, or undefined for a game the product has no console for. */
export const gameDeclaration = (gameId: string): GameDeclaration | undefined => byId.get(gameId);
