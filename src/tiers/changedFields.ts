import type { FieldDef } from '../../resources.config';

/**
 * The edit payload rule: only changed fields go in updatedFields — dates
 * compared by day, games as a list, password and PIN only when something was typed.
 */
export type FormValues = Record<string, unknown>;

const day = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10) : v == null ? '' : String(v));

const idsOf = (v: unknown): string[] => {
  const list = Array.isArray(v) ? v : v == null || v === '' ? [] : [v];
  return list.map((g) => (g && typeof g === 'object' && '_id' in g ? String((g as { _id: unknown })._id) : String(g))).sort();
};

const refIdOf = (v: unknown): string =>
  v && typeof v === 'object' && '_id' in v ? String((v as { _id: unknown })._id) : v == null ? '' : String(v);

const statusOf = (v: unknown): boolean | null => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : null);

const norm = (v: unknown): string => (v == null ? '' : String(v).trim());

/** Turns a form value into what the API expects for that field. */
export function toApiValue(f: FieldDef, v: unknown): unknown {
  switch (f.type) {
    case 'status':
      return statusOf(v);
    case 'checkbox':
      return statusOf(v) === true;
    case 'games':
      return idsOf(v);
    case 'reference':
      return refIdOf(v);
    case 'date':
      return day(v) || null;
    case 'number':
      if (f.name === 'commission' || f.name === 'commissionAmount') return v === '' || v == null ? undefined : Number(v);
      return norm(v) || undefined;
    default:
      return typeof v === 'string' ? v.trim() : v;
  }
}

export function changedFields(fields: readonly FieldDef[], values: FormValues, previous: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const next = values[f.name];
    const prev = previous[f.name];
    let changed: boolean;
    switch (f.type) {
      case 'password':
        // Secrets are never read back; typing one is the change.
        changed = typeof next === 'string' && next !== '';
        break;
      case 'date':
        changed = day(next) !== day(prev);
        break;
      case 'games':
        changed = idsOf(next).join(',') !== idsOf(prev).join(',');
        break;
      case 'reference':
        changed = refIdOf(next) !== refIdOf(prev);
        break;
      case 'status':
        changed = statusOf(next) !== statusOf(prev);
        break;
      case 'checkbox':
        changed = (statusOf(next) === true) !== (statusOf(prev) === true);
        break;
      default:
        changed = norm(next) !== norm(prev);
    }
    if (changed) out[f.name] = toApiValue(f, next);
  }
  return out;
}

/** A create payload: every filled field in API form. */
export function createPayload(fields: readonly FieldDef[], values: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = toApiValue(f, values[f.name]);
    if (v !== undefined && v !== '' && v !== null) out[f.name] = v;
  }
  return out;
}

/** Prefill of an edit form from a record (status as 'true'/'false', reference as id, games as ids). */
export function formValuesOf(fields: readonly FieldDef[], record: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = record[f.name];
    switch (f.type) {
      case 'password':
        out[f.name] = '';
        break;
      case 'status':
        out[f.name] = statusOf(v) === false ? 'false' : 'true';
        break;
      case 'checkbox':
        out[f.name] = statusOf(v) === true;
        break;
      case 'games':
        out[f.name] = idsOf(v);
        break;
      case 'reference':
        out[f.name] = refIdOf(v);
        break;
      case 'date':
        out[f.name] = day(v);
        break;
      default:
        out[f.name] = v ?? '';
    }
  }
  return out;
}
