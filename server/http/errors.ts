import type { FieldError } from '../../domain/api';
import { msg, type MessageCode, type MessageParams } from '../../domain/messages';

/** An error with the HTTP status and message the client sees; `code`/`params` when it has one (domain/messages.ts). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: FieldError[],
    public readonly code?: MessageCode,
    public readonly params?: MessageParams,
  ) {
    super(message);
  }
}

/** An error of a known message: the English text comes from its code. */
export function coded(status: number, code: MessageCode, params: MessageParams = {}, field?: string): HttpError {
  const m = msg(code, params);
  return new HttpError(status, m.message, field !== undefined ? [{ field, ...m }] : undefined, code, params);
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? [{ field, message }] : undefined);
export const invalid = (errors: FieldError[]) =>
  new HttpError(400, errors[0]?.message ?? 'Invalid input', errors, errors[0]?.code, errors[0]?.params);
export const unauthorized = (message?: string) => (message ? new HttpError(401, message) : coded(401, 'loginAgain'));
export const forbidden = (message?: string) => (message ? new HttpError(403, message) : coded(403, 'notAllowed'));
export const notFound = (message?: string) => (message ? new HttpError(404, message) : coded(404, 'accountNotFound'));
export const conflict = (message: string) => new HttpError(409, message);

interface PgLikeError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** PostgreSQL errors a user's input (or a lock held too long elsewhere) can cause, as the HTTP error they mean. */
export function fromDatabaseError(e: unknown): HttpError | null {
  const err = e as PgLikeError;
  if (!err || typeof err.code !== 'string') return null;
  switch (err.code) {
    case 'TD001':
      return coded(409, 'insufficientBalance');
    case 'TD002':
      return coded(409, 'receiverInactive');
    case 'TD003':
      return coded(422, 'idempotencyReused');
    case '22021':
      return coded(400, 'nulCharacter');
    // lock_not_available: a lock_timeout ran out (a bet's, a settlement's), the holder has stopped.
    case '55P03':
      return coded(503, 'busyTryAgain');
    case '23505': {
      const c = `${err.constraint ?? ''} ${err.message ?? ''}`;
      if (c.includes('email')) return coded(409, 'emailTaken', {}, 'email');
      if (c.includes('phone')) return coded(409, 'phoneTaken', {}, 'phone');
      return coded(409, 'duplicate');
    }
    case '23514':
      return `${err.constraint ?? ''} ${err.message ?? ''}`.includes('wallet_max') ? coded(409, 'walletMax') : coded(409, 'insufficientBalance');
    case '22P02':
    case '22003':
    case '22008':
    case '22007':
      return coded(400, 'invalidValue');
    default:
      return null;
  }
}
