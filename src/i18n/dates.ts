import { format, parseISO } from 'date-fns';
import type { Locale as DateLocale } from 'date-fns';
// One file per locale: the barrel would load every date-fns locale in dev and tests.
import { enUS } from 'date-fns/locale/en-US';
import { hi } from 'date-fns/locale/hi';
import { currentLocale, type Locale } from './locale';

/** Dates in the chosen language through date-fns' locales (apart from figures: date-fns stays out of the pre-login screens). */
const DATE_LOCALE: Record<Locale, DateLocale> = { en: enUS, hi };

export const dateLocale = (): DateLocale => DATE_LOCALE[currentLocale()];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * A date and time in the tables' numeric form (dd/MM/yyyy HH:mm:ss, local time). Digits only, so the
 * same in every language; written directly rather than through date-fns' pattern parser, which cost
 * most of a second per 100,000 rows of an export.
 */
export const formatMoment = (d: Date): string =>
  `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear(), 4)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** A day key (yyyy-MM-dd) as a short axis label: 12 Nov / 12 नव. */
export const formatShortDay = (dayKey: string): string => format(parseISO(dayKey), 'd MMM', { locale: dateLocale() });
