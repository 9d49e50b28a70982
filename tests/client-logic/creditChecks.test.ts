import { describe, expect, it } from 'vitest';
import { creditFormErrors, creditSubmitProblem } from '../../src/credit/creditSubmit';
import { translate } from '../../src/i18n/translate';

const t = (k: string | null) => (k ? translate(k) : null);

describe('credit forms: submit checks', () => {
  it('transfer', () => {
    expect(t(creditSubmitProblem('transfer', false, '10', 'pw'))).toBe('User authentication is missing. Please log in again.');
    expect(t(creditSubmitProblem('transfer', true, 'abc', 'pw'))).toBe('Invalid transfer amount. Please enter a valid number.');
    expect(t(creditSubmitProblem('transfer', true, '0', 'pw'))).toBe('Invalid transfer amount. Please enter a valid number.');
    expect(t(creditSubmitProblem('transfer', true, '1.234', 'pw'))).toBe('Invalid transfer amount. Please enter a valid number.');
    expect(t(creditSubmitProblem('transfer', true, '10', ''))).toBe('Password is required for credit transfer.');
    expect(creditSubmitProblem('transfer', true, '10.25', 'pw')).toBeNull();
  });

  it('adjust', () => {
    expect(t(creditSubmitProblem('adjust', false, '10', 'pw'))).toBe('User authentication is missing. Please log in again.');
    expect(t(creditSubmitProblem('adjust', true, '-1', 'pw'))).toBe('Invalid adjustment amount. Please enter a valid number.');
    expect(t(creditSubmitProblem('adjust', true, '5', ''))).toBe('Password is required for credit adjustment.');
  });

  it('form validation messages', () => {
    const tr = (e: Record<string, string>) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k, translate(v)]));
    expect(tr(creditFormErrors('transfer', { amount: '', password: '' }))).toEqual({ amount: 'Amount is required', password: 'Password is required' });
    expect(tr(creditFormErrors('adjust', { amount: '0.5', password: 'x' }))).toEqual({ amount: 'Amount must be greater than 0' });
    expect(creditFormErrors('transfer', { amount: '0.5', password: 'x' })).toEqual({});
  });
});
