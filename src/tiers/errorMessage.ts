import { isMessageCode, type MessageParams } from '../../domain/messages';
import { ApiError, NetworkError } from '../dataProvider/errors';
import { currentLocale, DEFAULT_LOCALE } from '../i18n/locale';
import { translateMessage } from '../i18n/translate';

/**
 * The error rule of every screen: the server's message; else, when the server answered, the
 * screen's default (`fallback`); when no answer came at all, the screen's network text
 * (`unanswered`, the default by default). A coded answer shows in the chosen language; an uncoded
 * one exists only in the server's English, so outside English the screen's own (translated) text
 * shows instead. A thrown client error keeps its own message; the browser's "Failed to fetch" never shows.
 */
export function errorMessage(err: unknown, fallback: string, unanswered = fallback): string {
  if (err instanceof NetworkError) return unanswered;
  if (err && typeof err === 'object') {
    const body = (err as { body?: { message?: unknown; code?: unknown; params?: unknown } | null }).body;
    if (body && typeof body.message === 'string' && body.message) {
      if (isMessageCode(body.code)) {
        const params = body.params && typeof body.params === 'object' ? (body.params as MessageParams) : {};
        return translateMessage({ message: body.message, code: body.code, params });
      }
      return currentLocale() === DEFAULT_LOCALE ? body.message : fallback;
    }
    if (err instanceof ApiError) return fallback;
    const message = (err as { message?: unknown }).message;
    if (err instanceof TypeError) return unanswered;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
