import { checkCredit, type CreditKind } from '../../domain/creditValidation';

/** i18n keys of the submit-time checks (the texts are those of domain/creditValidation.ts). */
const KEYS = {
  transfer: { amount: 'td.credit.transferInvalid', password: 'td.credit.transferPassword' },
  adjust: { amount: 'td.credit.adjustInvalid', password: 'td.credit.adjustPassword' },
} as const;

/**
 * The submit checks of a credit form, in order: a logged-in user, a valid amount,
 * a password. Returns the i18n key of the first failure, or null.
 */
export function creditSubmitProblem(kind: CreditKind, hasUser: boolean, amount: unknown, password: unknown): string | null {
  if (!hasUser) return 'td.credit.missingUser';
  const problem = checkCredit(kind, amount, password);
  return problem ? KEYS[kind][problem.field] : null;
}

/** Form-level validation of the credit form (messages shown under the fields). */
export function creditFormErrors(kind: CreditKind, values: { amount?: unknown; password?: unknown }): Record<string, string> {
  const errors: Record<string, string> = {};
  const amount = values.amount;
  if (amount === undefined || amount === null || amount === '') errors.amount = 'td.credit.amountRequired';
  else if (kind === 'adjust' && !(Number(amount) >= 1)) errors.amount = 'td.credit.amountMin';
  if (!values.password) errors.password = 'td.credit.passwordRequired';
  return errors;
}
