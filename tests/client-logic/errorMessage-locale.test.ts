/**
 * A server error in the chosen language: a coded answer shows its text in Hindi, an uncoded one
 * (English only) gives way to the screen's own translated text; English keeps the server's message first.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { msg } from '../../domain/messages';
import { ApiError, NetworkError } from '../../src/dataProvider/http';
import { setCurrentLocale } from '../../src/i18n/locale';
import { errorMessage } from '../../src/tiers/errorMessage';

const coded = () => new ApiError('Insufficient balance.', 400, { success: false, ...msg('insufficientBalance') });
const uncoded = () => new ApiError('Game is closed', 409, { success: false, message: 'Game is closed' });

afterEach(() => setCurrentLocale('en'));

describe('errorMessage by language', () => {
  test('English: the server message, coded or not', () => {
    expect(errorMessage(coded(), 'fallback')).toBe('Insufficient balance.');
    expect(errorMessage(uncoded(), 'fallback')).toBe('Game is closed');
  });

  test("Hindi: a coded answer in Hindi, with its parameters; an uncoded one gives the screen's text", () => {
    setCurrentLocale('hi');
    expect(errorMessage(coded(), 'कुछ गलत हो गया')).toBe('अपर्याप्त शेष राशि।');
    const tier = new ApiError('x', 403, { success: false, ...msg('noAccountOfTier', { tier: 'Master' }) });
    expect(errorMessage(tier, '')).toBe('इस आईडी का कोई Master खाता नहीं है।');
    expect(errorMessage(uncoded(), 'कुछ गलत हो गया')).toBe('कुछ गलत हो गया');
    expect(errorMessage(new NetworkError(new TypeError('Failed to fetch')), 'a', 'नेटवर्क')).toBe('नेटवर्क');
  });
});
