import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en } from './en';
import { hi } from './hi';
import { hiRa } from './hiRa';
import { currentLocale, isLocale, LOCALES, setCurrentLocale, type Locale } from './locale';

/** react-admin's messages plus ours, per language. */
const MESSAGES: Record<Locale, TranslationMessages> = {
  en: {
    ...englishMessages,
    ra: {
      ...englishMessages.ra,
      // The profile dropdown's item reads 'Log Out'.
      auth: { ...englishMessages.ra.auth, logout: en.td.profileMenu.logout },
      // A table's range in MUI's own English wording ("1–10 of 23", an en dash), as the tables always read it.
      navigation: { ...englishMessages.ra.navigation, page_range_info: '%{offsetBegin}–%{offsetEnd} of %{total}' },
    },
    ...en,
  },
  hi: { ...hiRa, ra: { ...hiRa.ra, auth: { ...hiRa.ra.auth, logout: hi.td.profileMenu.logout } }, ...hi },
};

// No allowMissing: a key missing from a catalogue shows as the key (and polyglot warns), and
// tests/client-logic/i18n-keys.test.ts fails on it before that can ship.
const polyglot = polyglotI18nProvider((locale) => MESSAGES[isLocale(locale) ? locale : 'en'], currentLocale(), [...LOCALES]);

/**
 * English by default; the profile menu's language switch calls changeLocale, which also remembers
 * the choice for this browser (src/i18n/locale.ts) so the pre-login screens and the next visit use it.
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: (locale, options) => {
    if (isLocale(locale)) setCurrentLocale(locale);
    return polyglot.changeLocale(locale, options);
  },
};
