/**
 * The browser's chosen language. Kept in localStorage under its own key (not react-admin's store,
 * which is reset on logout) so the choice survives logout and reaches the login page, which is
 * drawn before react-admin loads.
 */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'hi', name: 'हिन्दी' },
] as const;
export type Locale = (typeof LOCALES)[number]['locale'];

export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_STORAGE_KEY = 'tierdesk.locale';

export const isLocale = (v: unknown): v is Locale => LOCALES.some((l) => l.locale === v);

const read = (): Locale => {
  try {
    const v = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(v) ? v : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
};

let current: Locale = read();

export const currentLocale = (): Locale => current;

export function setCurrentLocale(locale: Locale): void {
  current = locale;
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

if (typeof document !== 'undefined') document.documentElement.lang = current;
