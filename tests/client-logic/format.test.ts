/** Figures and dates follow the chosen language: Indian grouping and date-fns' hi locale in Hindi. */
import { afterEach, describe, expect, test } from 'vitest';
import { formatMoment, formatShortDay } from '../../src/i18n/dates';
import { formatNumber, formatPoints } from '../../src/i18n/format';
import { setCurrentLocale } from '../../src/i18n/locale';

afterEach(() => setCurrentLocale('en'));

describe('client formatting by language', () => {
  test('English: 100,000.00 and English month names', () => {
    expect(formatPoints(100000)).toBe('100,000.00');
    expect(formatPoints(-1234567.5)).toBe('-1,234,567.50');
    expect(formatNumber(12.345)).toBe('12.35');
    expect(formatShortDay('2026-11-23')).toBe('23 Nov');
  });

  test('Hindi: 1,00,000.00 with Latin digits, the numeric table dates unchanged, Hindi month names', () => {
    setCurrentLocale('hi');
    expect(formatPoints(100000)).toBe('1,00,000.00');
    expect(formatPoints(-1234567.5)).toBe('-12,34,567.50');
    expect(formatPoints(null)).toBe('—');
    expect(formatMoment(new Date(2026, 10, 23, 9, 5, 7))).toBe('23/11/2026 09:05:07');
    expect(formatShortDay('2026-11-23')).toBe('23 नव');
  });
});
