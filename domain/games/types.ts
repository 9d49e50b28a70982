/**
 * The shape every game declares once. The round engine, the player API and the console screens all
 * read these declarations; nothing else lists a game's options or odds.
 *
 * Odds are integers of 1/100 (×9 is 900, ×3.95 is 395) so payouts stay in integer arithmetic.
 */

/** A place a player can stake on: a digit, a card, a suit, a picture... */
export interface BetOption {
  /** Stable key used in tickets and payouts, e.g. `7`, `card:12`, `suit:heart`, `jodi:45`. */
  readonly key: string;
  /** What the console shows on the option tile. */
  readonly label: string;
  /**
   * How a ticket line or bet list names the option when `label` alone is ambiguous outside its
   * console section (Triple Fun's `Jodi 45` beside `Single 5`); `label` when absent.
   */
  readonly lineLabel?: string;
  /** Payout multiplier in hundredths (×9 → 900). */
  readonly oddsX100: number;
  /** Console grouping (Andhar Bahar rows, Triple Fun sections). */
  readonly group: string;
  /** Fun Roullet tile colour; Andhar Bahar suit colour. */
  readonly color?: 'red' | 'black' | 'green';
  /** Picture name for image games (Titli Sorrat); the client maps it to an asset. */
  readonly image?: string;
}

/**
 * How a round's outcomes follow from the options, and which options an outcome pays: a rule of
 * domain/games named by the declaration (never chosen by testing a game's id).
 * `option`: one option is drawn and pays (digits, numbers, pictures); `card`: one card of rank and
 * suit, paying its rank, suit and side (Andhar Bahar); `triple`: three digits paying a single, a jodi
 * and a patti (Triple Fun).
 */
export type DrawRule = 'option' | 'card' | 'triple';
/**
 * What the console's tiles pick and how SAVE's picks make an outcome. `option`: the tile's key is
 * the result; `card`: the card, colour and card-type rows each fill a pick of one card; `patti`:
 * only a patti tile is a result (a single or jodi is not a draw).
 */
export type PickRule = 'option' | 'card' | 'patti';
/**
 * How the console lays the options out: a grid of `columns` a row; `cards`, the card rows with the
 * colours and card-types rows (the console API's dataColors and dataCardTypes); `triple`, the
 * virtualized single/jodi/patti sections.
 */
export type ConsoleLayout = { readonly kind: 'grid'; readonly columns: number } | { readonly kind: 'cards' } | { readonly kind: 'triple' };

/** A game as the registry declares it (resources/games.ts): data only, the rules named. */
export interface GameDef {
  readonly gameId: string;
  readonly gameName: string;
  /** Console route slug (the admin's own console, when it has one) and i18n key. */
  readonly slug: string;
  /** The catalogue's number of digits (Andhar Bahar's 13 cards). */
  readonly nodigit: number;
  /** Default round length in seconds (the time a new database gets). */
  readonly time: number;
  /** Price of one quantity of any option, in cents; 100 when absent. */
  readonly unitPriceCents?: bigint;
  readonly options: readonly BetOption[];
  readonly draw: DrawRule;
  readonly pick: PickRule;
  readonly layout: ConsoleLayout;
  /** Whether the admin has a fixed route of its own to this game's console (`/admin/{slug}`). */
  readonly ownConsole?: boolean;
}

export interface GameDeclaration {
  readonly gameId: string;
  readonly gameName: string;
  /** Console route slug and i18n key. */
  readonly slug: string;
  /** Default round length in seconds (the seeded time). */
  readonly defaultTime: number;
  /** Price of one quantity of any option, in cents; the server computes stake = qty × this. */
  readonly unitPriceCents: bigint;
  readonly options: readonly BetOption[];
  /** Every result a round can draw, as outcome keys (`7`, `12:heart`, `345`). */
  readonly outcomes: readonly string[];
  readonly pick: PickRule;
  readonly layout: ConsoleLayout;
  readonly ownConsole: boolean;
  /** The option keys an outcome pays. */
  winners(outcome: string): readonly string[];
  /** The result strip label of an outcome (`Q♥`, `00`, `345`). */
  describe(outcome: string): string;
}

/** What the console sends with SAVE; Andhar Bahar adds colour and type. */
export interface ConsolePick {
  readonly result: string;
  readonly color?: string;
  readonly type?: string;
}
