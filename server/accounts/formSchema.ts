import { z } from 'zod';
import { accountFieldError, wrongTypeError } from '../../domain/accountValidation';
import type { FieldError } from '../../domain/api';
import type { FieldDef, FieldType } from '../../resources.config';
import { schemaMessage } from '../http/schemaMessages';

const id = z.union([z.string(), z.number()]);
const flag = z.union([z.boolean(), z.string()]);

/** The JSON types each registry field type takes; the field's own rule (domain/accountValidation.ts) then checks the value. */
const FIELD_TYPE: Record<FieldType, z.ZodType> = {
  text: id,
  textarea: id,
  email: z.string(),
  number: id,
  date: z.string(),
  password: z.string(),
  country: id,
  state: id,
  city: id,
  reference: id.describe('Account id'),
  status: flag.describe('true (Active) or false (Deactive)'),
  games: z.array(z.union([id, z.looseObject({ _id: id.optional() })])).describe('Game ids'),
  checkbox: flag.describe('true or false'),
};

/** Formats the OpenAPI document names beside the JSON type. */
const FORMAT: Partial<Record<FieldType, string>> = { email: 'email', date: 'date' };

/** A field error as a schema message: its code when it has one, a registry wording of its own as written. */
const asIssue = (e: FieldError): string => (e.code ? schemaMessage(e.code, e.params) : e.message);

/**
 * One registry field: its JSON type (a PIN may be a number), or null for blank; a value of another
 * type gets the message the field's rule gives it. The rule checks every value given, so the
 * refusal is the form's own message.
 */
function formField(f: FieldDef) {
  const type = f.type === 'password' && f.name === 'pin' ? id : FIELD_TYPE[f.type];
  const doc = { description: `${f.label}${f.required ? ' (required)' : ''}`, ...(FORMAT[f.type] ? { format: FORMAT[f.type] } : {}) };
  return z
    .union([type, z.null()], { error: asIssue(wrongTypeError(f)) })
    .optional()
    .superRefine((v, ctx) => {
      const e = accountFieldError(f, v);
      if (e) ctx.addIssue({ code: 'custom', message: asIssue(e) });
    })
    .meta(doc);
}

/**
 * An account form of the registry's fields, refused field by field in the registry's order with the
 * form's messages (every refusal listed). A new account's form (`partial` false) names each required
 * field left out; an edit's (`partial`) checks only the fields it gives, and a required one may not be
 * emptied. Fields the registry does not declare are ignored.
 */
export function accountForm(fields: readonly FieldDef[], partial: boolean) {
  const form = z.looseObject(Object.fromEntries(fields.map((f) => [f.name, formField(f)])));
  if (partial) return form;
  // A left-out field is checked as given empty: zod skips an optional key that is absent.
  return z.preprocess((b) => {
    if (typeof b !== 'object' || b === null || Array.isArray(b)) return b;
    const filled: Record<string, unknown> = { ...b };
    for (const f of fields) if (!Object.hasOwn(filled, f.name)) filled[f.name] = undefined;
    return filled;
  }, form);
}
