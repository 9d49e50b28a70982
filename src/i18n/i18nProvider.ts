import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { en } from './en';

/** react-admin's English messages plus ours; English only for now (one locale, no switcher). */
const messages = {
  ...englishMessages,
  // The profile dropdown's item reads 'Log Out' (spec section 2).
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, logout: en.td.profileMenu.logout } },
  ...en,
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', { allowMissing: true });
