import { en } from './en';
import { hi } from './hi';
import { currentLocale, type Locale } from './locale';

/**
 * A dependency-free translate over the same messages, for the screens shown before
 * react-admin loads (login, signup, landing): keeps ra-core out of the login bundle.
 * It reads the language this browser chose (src/i18n/locale.ts).
 */
type Vars = Record<string, string | number> & { _?: string };

const CATALOGUES: Record<Locale, object> = { en, hi };

const lookup = (key: string): string | undefined => {
  let node: unknown = CATALOGUES[currentLocale()];
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in node) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
};

export const interpolate = (text: string, vars: Vars = {}): string =>
  text.replace(/%\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));

export function translate(key: string, vars: Vars = {}): string {
  return interpolate(lookup(key) ?? vars._ ?? key, vars);
}

/** A message the domain or the server coded (domain/messages.ts), in the current texts; the English as given otherwise. */
export function translateMessage(m: { message: string; code?: string; params?: Record<string, string | number> }): string {
  return m.code ? translate(`td.errors.${m.code}`, { ...m.params, _: m.message }) : m.message;
}
