import type { FieldDef, FieldName } from './tiers';
import type { FieldError } from './api';
import { msg, type CodedMessage } from './messages';

export type AccountInput = Partial<Record<FieldName, unknown>>;

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const requiredMessage = (f: FieldDef): string => f.requiredMessage ?? msg('required', { field: f.label }).message;

/** A registry wording of its own has no code: it is shown as written. */
const required = (f: FieldDef): Omit<CodedMessage, 'code' | 'params'> & Partial<CodedMessage> =>
  f.requiredMessage ? { message: f.requiredMessage } : msg('required', { field: f.label });

/** One password rule for every form and call that sets a password (login's message says 6 characters). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_LENGTH_MESSAGE = msg('passwordLength').message;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Lengths of the digit fields (phone, PIN Code). */
const DIGITS = { min: 3, max: 15 } as const;

/** Format checks shared by the forms and the server; the message names the field's label. */
function formatError(f: FieldDef, v: unknown): CodedMessage | null {
  if (isBlank(v)) return null;
  const field = { field: f.label };
  switch (f.type) {
    case 'email':
      return typeof v === 'string' && EMAIL.test(v.trim()) ? null : msg('invalidEmail');
    case 'number':
      if (f.name === 'commission' || f.name === 'commissionAmount') {
        const n = typeof v === 'number' ? v : Number(v);
        return Number.isFinite(n) && n >= 0 && n <= 100 ? null : msg('commissionRange', field);
      }
      {
        // Phone and PIN Code: digits (a phone may start with +); a wrong length says the length.
        const digits = String(v).trim();
        if (!/^\+?\d+$/.test(digits)) return msg('notANumber', field);
        const n = digits.replace(/^\+/, '').length;
        return n >= DIGITS.min && n <= DIGITS.max ? null : msg('digitsLength', { ...field, ...DIGITS });
      }
    case 'date':
      return typeof v === 'string' && DATE.test(v.slice(0, 10)) && !Number.isNaN(Date.parse(v.slice(0, 10))) ? null : msg('invalidDate', field);
    case 'password':
      if (f.name === 'pin') return (typeof v === 'string' || typeof v === 'number') && /^\d{4,12}$/.test(String(v)) ? null : msg('pinFormat');
      return typeof v === 'string' && v.length >= PASSWORD_MIN_LENGTH && v.length <= 128 ? null : msg('passwordLength');
    case 'status':
      return v === true || v === false || v === 'true' || v === 'false' ? null : msg('statusValue', field);
    case 'checkbox':
      return v === true || v === false || v === 'true' || v === 'false' ? null : msg('yesOrNo', field);
    case 'games':
      return Array.isArray(v) ? null : msg('notAList', field);
    default:
      return typeof v === 'string' || typeof v === 'number' ? (String(v).length <= 500 ? null : msg('tooLong', field)) : msg('invalidField', field);
  }
}

/** The refusal of one field of an account form (a required one left blank, or a value its type refuses), or null. */
export function accountFieldError(f: FieldDef, v: unknown): FieldError | null {
  if (f.required && isBlank(v)) return { field: f.name, ...required(f) };
  const e = formatError(f, v);
  return e ? { field: f.name, ...e } : null;
}

/**
 * Validates account form values against the registry's fields.
 * `partial`: an edit's updatedFields — only the fields present are checked, and a required one may not be emptied.
 */
export function validateAccount(fields: readonly FieldDef[], values: AccountInput, partial = false): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of fields) {
    if (partial && !Object.prototype.hasOwnProperty.call(values, f.name)) continue;
    const e = accountFieldError(f, values[f.name]);
    if (e) errors.push(e);
  }
  return errors;
}

/** The message a value of the wrong type gets (an object, a list where text is asked): what the form's rule says of it. */
export const wrongTypeError = (f: FieldDef): FieldError => accountFieldError(f, { wrongType: true }) ?? { field: f.name, ...msg('invalidField', { field: f.label }) };
