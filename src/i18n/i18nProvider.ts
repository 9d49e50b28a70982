import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { en } from './en';

/** react-admin's English messages plus ours; English only for now (one locale, no switcher). */
export const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...en }), 'en', { allowMissing: true });
