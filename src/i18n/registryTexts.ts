import { PAGES, TIERS, type CommissionColumn, type PageKey, type Role, type TierDef } from '../../resources.config';
import type { ColumnSource, FieldName } from '../../domain/tiers';

/**
 * The registry's texts under derived keys, so a tier or a page declared in resources/ is one entry
 * and its texts follow from it:
 *   td.page.<key>                     a page's menu entry and title
 *   td.tier.<role>.<label|message>    a tier's titles, buttons and toasts
 *   td.tier.<role>.fields.<name>      its form fields
 *   td.tier.<role>.columns.<source>   its list columns
 *   td.tier.<role>.commission.<column|export>   its turnover column's headings (tiers that earn commission)
 * English is the registry's own text; another language gives words by page, role, field and column,
 * and tests/client-logic/i18n-keys.test.ts checks both produce every key.
 */
export interface RegistryTexts {
  page: Record<string, string>;
  tier: Record<string, Record<string, string | Record<string, string>>>;
}

type TierLabel = keyof TierDef['labels'] | keyof TierDef['messages'];

const fieldsOf = (t: TierDef): FieldName[] => [...new Set([...t.createFields, ...t.editFields].map((f) => f.name))];

/** English: the registry's labels ('{name}' in a title becomes polyglot's '%{name}'). */
export function englishRegistryTexts(): RegistryTexts {
  return {
    page: Object.fromEntries(PAGES.map((p) => [p.key, p.label])),
    tier: Object.fromEntries(
      TIERS.map((t) => [
        t.role,
        {
          ...Object.fromEntries(Object.entries(t.labels).map(([k, v]) => [k, v.replace('{name}', '%{name}')])),
          ...t.messages,
          fields: Object.fromEntries(fieldsOf(t).map((name) => [name, [...t.createFields, ...t.editFields].find((f) => f.name === name)!.label])),
          columns: Object.fromEntries(t.list.columns.map((c) => [c.source, c.label])),
          ...(t.commission ? { commission: { column: t.commission.label, export: t.commission.exportLabel ?? t.commission.label } } : {}),
        },
      ]),
    ),
  };
}

/** Another language's words for the registry: complete by type, so a new page, role, field or column cannot be forgotten. */
export interface RegistryWords {
  page: Record<PageKey, string>;
  role: Record<Role, string>;
  field: Record<FieldName, string>;
  column: Record<ColumnSource, string>;
  /** The turnover headings of each commission column (the table's, the spreadsheet's). */
  commission: Record<CommissionColumn, { column: string; export: string }>;
  /** A tier's label or message from its name ('%{name}' kept where the English has '{name}'). */
  tierText: (label: TierLabel, name: string, t: TierDef) => string;
}

/** A commission column's words; a column the language has none for (a tier a test registry adds) takes the tier's name. */
const commissionWords = (words: RegistryWords, t: TierDef): { column: string; export: string } =>
  (words.commission as Record<string, { column: string; export: string }>)[t.commission!.column] ?? { column: words.role[t.role], export: words.role[t.role] };

export function registryTexts(words: RegistryWords): RegistryTexts {
  return {
    page: Object.fromEntries(PAGES.map((p) => [p.key, words.page[p.key]])),
    tier: Object.fromEntries(
      TIERS.map((t) => [
        t.role,
        {
          ...Object.fromEntries([...Object.keys(t.labels), ...Object.keys(t.messages)].map((k) => [k, words.tierText(k as TierLabel, words.role[t.role], t)])),
          fields: Object.fromEntries(fieldsOf(t).map((name) => [name, words.field[name]])),
          columns: Object.fromEntries(t.list.columns.map((c) => [c.source, words.column[c.source]])),
          ...(t.commission ? { commission: commissionWords(words, t) } : {}),
        },
      ]),
    ),
  };
}
