import { pointsToCents } from './money';

export type CreditKind = 'transfer' | 'adjust';
export type AdjustType = 'credit' | 'debit';

/** The messages of the credit forms' checks at submit, word for word (a logged-in user, a number above 0, a password). */
export const CREDIT_MESSAGES = {
  transfer: {
    amount: 'Invalid transfer amount. Please enter a valid number.',
    password: 'Password is required for credit transfer.',
    success: 'Credit transfer successful!',
  },
  adjust: {
    amount: 'Invalid adjustment amount. Please enter a valid number.',
    password: 'Password is required for credit adjustment.',
    success: 'Credit adjustment successful!',
  },
  missingUser: 'User authentication is missing. Please log in again.',
  insufficient: 'Insufficient balance.',
} as const;

/** A positive amount of points with at most 2 decimals, as cents; null when invalid. */
export function parseCreditAmount(value: unknown): bigint | null {
  const cents = pointsToCents(value);
  return cents !== null && cents > 0n ? cents : null;
}

export interface CreditCheck {
  field: 'amount' | 'password';
  message: string;
}

/** Submit-time check of a credit form; the first failing rule, or null. */
export function checkCredit(kind: CreditKind, amount: unknown, password: unknown): CreditCheck | null {
  if (parseCreditAmount(amount) === null) return { field: 'amount', message: CREDIT_MESSAGES[kind].amount };
  if (typeof password !== 'string' || password === '') return { field: 'password', message: CREDIT_MESSAGES[kind].password };
  return null;
}
