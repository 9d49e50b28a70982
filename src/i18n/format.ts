import { formatPoints as formatPointsIn } from '../../domain/money';
import { currentLocale, type Locale } from './locale';

/**
 * The one place the client turns figures into text, in the chosen language (dates: ./dates.ts).
 *
 * Hindi uses Indian grouping (1,00,000.00) with Latin digits — 'en-IN', not 'hi-IN' — because
 * operators copy these figures into tickets, exports and the English screens, and a figure must
 * read the same digits in both languages; only the grouping follows the language.
 */
const NUMBER_LOCALE: Record<Locale, string> = { en: 'en-US', hi: 'en-IN' };

export const numberLocale = (): string => NUMBER_LOCALE[currentLocale()];

/** Points with 2 decimals: 1,00,000.00 in Hindi, 100,000.00 in English; '—' when unknown. */
export const formatPoints = (points: number | null | undefined): string => formatPointsIn(points, numberLocale());

/** A plain number (a percentage, a count) with at most `maxDecimals` decimals. */
export const formatNumber = (n: number, maxDecimals = 2): string => n.toLocaleString(numberLocale(), { maximumFractionDigits: maxDecimals });
