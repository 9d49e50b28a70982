import type { FieldError } from './api';

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
}

export const GAME_STATUSES = ['active', 'inactive'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** The spec's messages (section 5): Add Game and Edit Game word them differently. */
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

/** Field errors of a game form, in the form's order; empty when it is valid. */
export function validateGame(input: GameInput, mode: 'create' | 'edit'): FieldError[] {
  const errors: FieldError[] = [];
  const messages: Record<string, string> = MESSAGES[mode];
  for (const field of Object.keys(messages)) {
    const value = text(input[field as keyof GameInput]);
    if (value === '') {
      errors.push({ field, message: messages[field] });
      continue;
    }
    if (field === 'nodigit') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) errors.push({ field, message: MIN_DIGITS_MESSAGE });
      else if (n > MAX_DIGITS) errors.push({ field, message: `Must be at most ${MAX_DIGITS}` });
    }
    if (field === 'releaseDate' && Number.isNaN(new Date(value).getTime())) errors.push({ field, message: 'Release date is not a valid date' });
    if (field === 'gameStatus' && !GAME_STATUSES.includes(value as GameStatus)) errors.push({ field, message: 'Status is active or inactive' });
    if (text(input.gameName).length > 100 && field === 'gameName') errors.push({ field, message: 'Game name is 100 characters at most' });
  }
  const label = text(input.label);
  if (label !== '' && label !== 'yes' && label !== 'no') errors.push({ field: 'label', message: 'Label is yes or no' });
  return errors;
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
