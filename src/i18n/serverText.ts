import { currentLocale, DEFAULT_LOCALE } from './locale';

/**
 * A success text the server sent beside the screen's own. The server writes English only
 * (the screens show the server's message when it gives one), so in English its text shows as it
 * came; in another language the screen's own translated text does.
 */
export const serverText = (server: string | null | undefined, own: string): string =>
  server && currentLocale() === DEFAULT_LOCALE ? server : own;
