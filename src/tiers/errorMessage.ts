import { ApiError, NetworkError } from '../dataProvider/http';

/**
 * The spec's error rule (section 8): the server's message; else, when the server answered, the
 * screen's default (`fallback`); when no answer came at all, the screen's network text
 * (`unanswered`, the default by default). A thrown client error keeps its own message; the
 * browser's "Failed to fetch" never shows.
 */
export function errorMessage(err: unknown, fallback: string, unanswered = fallback): string {
  if (err instanceof NetworkError) return unanswered;
  if (err instanceof ApiError) return err.body?.message ? err.message : fallback;
  if (err && typeof err === 'object') {
    const body = (err as { body?: { message?: unknown } }).body;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    const message = (err as { message?: unknown }).message;
    if (err instanceof TypeError) return unanswered;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
