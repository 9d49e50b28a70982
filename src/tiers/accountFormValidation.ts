import type { FieldDef } from '../../resources.config';
import { validateAccount } from '../../domain/accountValidation';
import { toApiValue, type FormValues } from './changedFields';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The form-level validator of an account form: the shared domain rule (the server applies
 * the same one), its messages translated by their code (domain/messages.ts).
 * On edit, secrets may stay empty (the password and PIN are only sent when typed).
 */
export function accountValidator(
  fields: readonly FieldDef[],
  mode: 'create' | 'edit',
  translate: Translate,
  /** A field's label in the chosen language (the domain's messages name it in English). */
  fieldLabel: (f: FieldDef) => string = (f) => f.label,
) {
  return (values: FormValues): Record<string, string> => {
    const input: FormValues = {};
    for (const f of fields) {
      const raw = values[f.name];
      if (mode === 'edit' && f.type === 'password' && (raw === '' || raw == null) && !f.required) continue;
      if (f.type === 'password' || f.type === 'status' || f.type === 'games') input[f.name] = raw === '' ? undefined : raw;
      else input[f.name] = raw === '' || raw == null ? undefined : toApiValue(f, raw);
    }
    const errors: Record<string, string> = {};
    for (const e of validateAccount(fields, input)) {
      if (errors[e.field]) continue;
      const f = fields.find((x) => x.name === e.field);
      const params = f && e.params && 'field' in e.params ? { ...e.params, field: fieldLabel(f) } : e.params;
      errors[e.field] = e.code ? translate(`td.errors.${e.code}`, { ...params, _: e.message }) : e.message;
    }
    return errors;
  };
}
