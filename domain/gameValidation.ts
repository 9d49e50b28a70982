import type { FieldError } from './api';
import { MAX_ODDS_X100, MIN_ODDS_X100 } from './games/catalogueGame';

/** The Game Master form, as the API receives it (multipart text fields or JSON). */
export interface GameInput {
  gameName?: unknown;
  gameDescription?: unknown;
  publisher?: unknown;
  releaseDate?: unknown;
  nodigit?: unknown;
  timeId?: unknown;
  gameStatus?: unknown;
  label?: unknown;
  /** Payout multiplier of a game played from its row; empty for the default (domain/games/catalogueGame.ts). */
  multiplier?: unknown;
}

export const GAME_STATUSES = ['active', 'inactive'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** The product's required-field messages, word for word: Add Game and Edit Game word them differently. */
const MESSAGES = {
  create: {
    gameName: 'Game name is required',
    nodigit: 'Number of digits is required',
    publisher: 'Publisher is required',
    releaseDate: 'Release date is required',
    timeId: 'Time is required',
    gameDescription: 'Description is required',
  },
  edit: {
    gameName: 'Game Name is required',
    nodigit: 'Number of Digits is required',
    gameDescription: 'Description is required',
    publisher: 'Publisher is required',
    releaseDate: 'Release Date is required',
    gameStatus: 'Status is required',
  },
} as const;

export const MIN_DIGITS_MESSAGE = 'Must be at least 1';
export const MAX_DIGITS = 1000;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export type GameFormMode = 'create' | 'edit';
export type GameField = keyof GameInput;

/** The fields a game form checks, in the order its refusals are listed. */
export const gameFormFields = (mode: GameFormMode): GameField[] => [...(Object.keys(MESSAGES[mode]) as GameField[]), 'label', 'multiplier'];

/** The refusal of one field of a game form (its value as the form sends it), or null when it is valid. */
export function gameFieldError(field: GameField, raw: unknown, mode: GameFormMode): string | null {
  const value = text(raw);
  const required = (MESSAGES[mode] as Partial<Record<GameField, string>>)[field];
  if (required !== undefined && value === '') return required;
  switch (field) {
    case 'nodigit': {
      const n = Number(value);
      return !Number.isInteger(n) || n < 1 ? MIN_DIGITS_MESSAGE : n > MAX_DIGITS ? `Must be at most ${MAX_DIGITS}` : null;
    }
    case 'releaseDate':
      return Number.isNaN(new Date(value).getTime()) ? 'Release date is not a valid date' : null;
    case 'gameStatus':
      return GAME_STATUSES.includes(value as GameStatus) ? null : 'Status is active or inactive';
    case 'gameName':
      return value.length > 100 ? 'Game name is 100 characters at most' : null;
    case 'label':
      return value !== '' && value !== 'yes' && value !== 'no' ? 'Label is yes or no' : null;
    case 'multiplier':
      return value !== '' && oddsX100OfInput(value) === null
        ? `Payout multiplier is a number from ${MIN_ODDS_X100 / 100} to ${MAX_ODDS_X100 / 100} with at most 2 decimals`
        : null;
    default:
      return null;
  }
}

/** Field errors of a game form, in the form's order; empty when it is valid. */
export function validateGame(input: GameInput, mode: GameFormMode): FieldError[] {
  return gameFormFields(mode).flatMap((field) => {
    const message = gameFieldError(field, input[field], mode);
    return message === null ? [] : [{ field, message }];
  });
}

/**
 * The payout multiplier typed in the form (`9`, `9.5`) in hundredths, as the engine keeps odds;
 * null when empty or out of range. Parsed from the text: 9.95 × 100 in floating point is 994.99….
 */
export function oddsX100OfInput(raw: unknown): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text(raw));
  if (!m) return null;
  const odds = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return odds >= MIN_ODDS_X100 && odds <= MAX_ODDS_X100 ? odds : null;
}

export const TIME_MIN_SECONDS = 5;
export const TIME_MAX_SECONDS = 3600;

/** The Time Master form: whole seconds, 5 to 3600 (the server's rule). */
export function validateTime(input: { timecount?: unknown }): FieldError[] {
  const raw = text(input.timecount);
  if (raw === '') return [{ field: 'timecount', message: 'Time in seconds is required' }];
  const n = Number(raw);
  if (!Number.isInteger(n)) return [{ field: 'timecount', message: 'Time is whole seconds' }];
  if (n < TIME_MIN_SECONDS) return [{ field: 'timecount', message: `Time is ${TIME_MIN_SECONDS} seconds at least` }];
  if (n > TIME_MAX_SECONDS) return [{ field: 'timecount', message: `Time is ${TIME_MAX_SECONDS} seconds at most` }];
  return [];
}
