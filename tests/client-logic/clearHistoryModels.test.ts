import { describe, expect, it } from 'vitest';
import { HISTORY_MODELS as SERVER_MODELS } from '../../server/operations/clearHistory';
import { checkClearHistory, HISTORY_MODELS } from '../../src/operations/clearHistoryRules';
import { en } from '../../src/i18n/en';

describe('Clear History models: the server’s names and the form’s checks', () => {
  it('offers exactly the names the server accepts, in the order of its map, each with a label', () => {
    expect([...HISTORY_MODELS]).toEqual(Object.keys(SERVER_MODELS));
    expect(Object.keys(en.td.clearHistory.model).sort()).toEqual([...HISTORY_MODELS].sort());
  });

  it('asks for both dates first, then for one model', () => {
    const all = { startDate: '2026-01-01', endDate: '2026-01-31', models: ['ticket' as const] };
    expect(checkClearHistory({ ...all, startDate: '', models: [] })).toBe('td.clearHistory.selectDates');
    expect(checkClearHistory({ ...all, endDate: '' })).toBe('td.clearHistory.selectDates');
    expect(checkClearHistory({ ...all, models: [] })).toBe('td.clearHistory.selectModel');
    expect(checkClearHistory(all)).toBeNull();
  });
});
