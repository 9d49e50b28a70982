import type { FieldError } from '../../domain/api';

/** An error with the HTTP status and message the client sees. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? [{ field, message }] : undefined);
export const invalid = (errors: FieldError[]) => new HttpError(400, errors[0]?.message ?? 'Invalid input', errors);
export const unauthorized = (message = 'Please log in again.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Account not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

interface PgLikeError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** PostgreSQL errors a user's input can cause, as the HTTP error they mean. */
export function fromDatabaseError(e: unknown): HttpError | null {
  const err = e as PgLikeError;
  if (!err || typeof err.code !== 'string') return null;
  switch (err.code) {
    case 'TD001':
      return conflict('Insufficient balance.');
    case 'TD002':
      return conflict('The receiving account is not active.');
    case 'TD003':
      return new HttpError(422, 'This Idempotency-Key was already used for a different request.');
    case '22021':
      return badRequest('Text may not contain NUL characters.');
    case '23505': {
      const c = `${err.constraint ?? ''} ${err.message ?? ''}`;
      if (c.includes('email')) return new HttpError(409, 'This email is already in use.', [{ field: 'email', message: 'This email is already in use.' }]);
      if (c.includes('phone')) return new HttpError(409, 'This phone number is already in use.', [{ field: 'phone', message: 'This phone number is already in use.' }]);
      return conflict('This record already exists.');
    }
    case '23514':
      return `${err.constraint ?? ''} ${err.message ?? ''}`.includes('wallet_max')
        ? conflict('This amount would take the balance above the largest an account can hold.')
        : conflict('Insufficient balance.');
    case '22P02':
    case '22003':
    case '22008':
    case '22007':
      return badRequest('Invalid value.');
    default:
      return null;
  }
}
