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
