import type { BetOption, ConsolePick } from './types';
import type { DrawOf } from './draw';

/**
 * The `card` draw (Andhar Bahar): one card, rank 1–13 and a suit, paying its rank, its suit and its
 * side: andar for ranks 1–6, bahar for 8–13; a 7 pays no side (the house edge of the game).
 */
export const SUITS = ['spade', 'diamond', 'club', 'heart'] as const;
export type Suit = (typeof SUITS)[number];
export const SIDES = ['andar', 'bahar'] as const;
export type Side = (typeof SIDES)[number];

const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_SIGNS: Record<Suit, string> = { spade: '♠', diamond: '♦', club: '♣', heart: '♥' };
// The game's own spelling of its sides (the keys keep the earlier product's `andar`).
const SIDE_LABELS: Record<Side, string> = { andar: 'Andhar', bahar: 'Bahar' };
const SUIT_COLOR: Record<Suit, 'red' | 'black'> = { spade: 'black', diamond: 'red', club: 'black', heart: 'red' };

export const sideOf = (rank: number): Side | null => (rank <= 6 ? 'andar' : rank >= 8 ? 'bahar' : null);

const ranks = Array.from({ length: 13 }, (_, i) => i + 1);

/** The card, suit and side options at their odds (hundredths), in the console's rows. */
export const cardOptions = (odds: { card: number; suit: number; side: number }): BetOption[] => [
  ...ranks.map((r) => ({ key: `card:${r}`, label: RANK_LABELS[r - 1], oddsX100: odds.card, group: 'card' })),
  ...SUITS.map((s) => ({ key: `suit:${s}`, label: SUIT_SIGNS[s], oddsX100: odds.suit, group: 'suit', color: SUIT_COLOR[s] })),
  ...SIDES.map((s) => ({ key: `side:${s}`, label: SIDE_LABELS[s], oddsX100: odds.side, group: 'side' })),
];

/** The console rows of the `cards` layout: the option groups the console API sends apart. */
export const CARD_GROUPS = { data: 'card', colors: 'suit', cardTypes: 'side' } as const;

const outcomes = ranks.flatMap((r) => SUITS.map((s) => `${r}:${s}`));
const valid = new Set(outcomes);

function parse(o: string): { rank: number; suit: Suit } | null {
  if (!valid.has(o)) return null;
  const [rank, suit] = o.split(':');
  return { rank: Number(rank), suit: suit as Suit };
}

export const cardDraw: DrawOf = (options) => {
  const labels = new Map(options.map((o) => [o.key, o.label]));
  return {
    outcomes,
    winners(o) {
      const card = parse(o);
      if (!card) return [];
      const side = sideOf(card.rank);
      return [`card:${card.rank}`, `suit:${card.suit}`, ...(side ? [`side:${side}`] : [])];
    },
    describe(o) {
      const card = parse(o);
      return card ? `${labels.get(`card:${card.rank}`) ?? card.rank}${labels.get(`suit:${card.suit}`) ?? card.suit}` : o;
    },
  };
};

/**
 * The `card` pick: the outcome of the console's three picks, or null when they do not describe one
 * card: the type must be the side the card lies on (a 7 takes either type, since it pays none).
 */
export function cardPick(pick: ConsolePick): string | null {
  const rank = Number(pick.result);
  if (!Number.isInteger(rank) || rank < 1 || rank > 13) return null;
  if (!SUITS.includes(pick.color as Suit)) return null;
  const side = sideOf(rank);
  if (!SIDES.includes(pick.type as Side) || (side !== null && side !== pick.type)) return null;
  return `${rank}:${pick.color}`;
}
