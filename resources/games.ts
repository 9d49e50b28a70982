import { cardOptions, digits, optionsOf, tripleOptions, type GameDef } from '../domain/games';

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** Titli Sorrat's twelve pictures, in the console's order (two rows of six); public/titli/{name}.svg. */
export const TITLI_PICTURES = [
  'umbrella', 'ball', 'sun', 'lamp', 'cow', 'bucket',
  'kite', 'top', 'rose', 'butterfly', 'pigeon', 'rabbit',
] as const;
const titli = (k: string): string => TITLI_PICTURES[Number(k) - 1] ?? k;
/** The picture's name as an operator reads it in results and ticket lines ("Lamp"). */
const titliLabel = (k: string): string => titli(k).replace(/^./, (c) => c.toUpperCase());

/**
 * The games, each declared once with its fixed gameId (the API's and the console routes'): its options (labels, odds in
 * hundredths, console groups), the draw and pick rules of domain/games it follows, its console
 * layout, its default round length and whether the admin has a fixed console route of its own.
 * The engine, the consoles, the menus and the catalogue read this table; a database gets a game
 * missing from it at start (server/db/declaredGames.ts). Adding a game is one entry here.
 */
export const GAMES = [
  {
    gameId: 'MNOQqWWi',
    gameName: 'Fun Target',
    slug: 'funtarget',
    nodigit: 10,
    time: 60,
    options: optionsOf(digits(0, 9), { oddsX100: 900 }),
    draw: 'option',
    pick: 'option',
    layout: { kind: 'grid', columns: 5 },
    ownConsole: true,
  },
  {
    gameId: 'vwRORrGO',
    gameName: 'Fun Roullet',
    slug: 'funroullet',
    nodigit: 38,
    time: 60,
    options: optionsOf([...digits(0, 36), '00'], {
      oddsX100: 3600,
      color: (k) => (k === '0' || k === '00' ? 'green' : RED.has(Number(k)) ? 'red' : 'black'),
    }),
    draw: 'option',
    pick: 'option',
    layout: { kind: 'grid', columns: 10 },
    ownConsole: true,
  },
  {
    gameId: 'zuuhVbBM',
    gameName: 'Triple Fun',
    slug: 'triplefun',
    nodigit: 1000,
    time: 120,
    options: tripleOptions({ single: 900, jodi: 9000, patti: 90000 }),
    draw: 'triple',
    pick: 'patti',
    layout: { kind: 'triple' },
  },
  {
    gameId: 'qZicXikM',
    gameName: 'Andhar Bahar',
    slug: 'andharbahar',
    nodigit: 13,
    time: 60,
    options: cardOptions({ card: 1200, suit: 395, side: 195 }),
    draw: 'card',
    pick: 'card',
    layout: { kind: 'cards' },
  },
  {
    gameId: 'qZicXikT',
    gameName: 'Titli Sorrat',
    slug: 'titlisorrat',
    nodigit: 12,
    time: 60,
    options: optionsOf(
      TITLI_PICTURES.map((_, i) => String(i + 1)),
      { oddsX100: 1100, label: titliLabel, image: titli },
    ),
    draw: 'option',
    pick: 'option',
    layout: { kind: 'grid', columns: 6 },
  },
  {
    gameId: 'qZicXibb',
    gameName: 'Bingo',
    slug: 'bingo',
    nodigit: 25,
    time: 60,
    options: optionsOf(digits(1, 25), { oddsX100: 2400 }),
    draw: 'option',
    pick: 'option',
    layout: { kind: 'grid', columns: 5 },
  },
  {
    gameId: 'acqOpdff',
    gameName: 'Fun Timer',
    slug: 'funtimer',
    nodigit: 10,
    time: 60,
    options: optionsOf(digits(0, 9), { oddsX100: 900 }),
    draw: 'option',
    pick: 'option',
    layout: { kind: 'grid', columns: 5 },
  },
] as const satisfies readonly GameDef[];
