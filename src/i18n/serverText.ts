import { currentLocale, DEFAULT_LOCALE } from './locale';

/**
 * A success text the server sent beside the screen's own. The server writes English only
 * (spec section 8 has the screens show its message), so in English its text shows as the spec
 * says; in another language the screen's own translated text does.
 */
export const serverText = (server: string | null | undefined, own: string): string =>
  server && currentLocale() === DEFAULT_LOCALE ? server : own;
