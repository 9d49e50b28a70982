import { PAGES, REPORTS, TIERS, type CommissionColumn, type PageKey, type ReportText, type Role, type TierDef } from '../../resources.config';
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

/** A branch of texts: a text per key, or a branch below it. */
export interface TextTree {
  [key: string]: string | TextTree;
}

const REPORT_BRANCH = 'td.reports.';

/**
 * The reports' English under td.reports.<report>.*, from their declarations (resources/reports.ts),
 * which give each text its key and its English. Texts under other keys (a tier's commission heading)
 * are the registry's own, above.
 */
export function englishReportTexts(): TextTree {
  const out: TextTree = {};
  const texts: ReportText[] = REPORTS.flatMap((r) => [r.title, ...r.cards.map((c) => c.label), ...r.columns.map((c) => c.label), ...(r.export?.columns.map((c) => c.label) ?? [])]);
  for (const { key, en } of texts) {
    if (!key.startsWith(REPORT_BRANCH)) continue;
    const path = key.slice(REPORT_BRANCH.length).split('.');
    let node = out;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'string') throw new Error(`The report text ${key} is below another text.`);
      node = next ?? (node[part] = {});
    }
    const last = path[path.length - 1]!;
    const had = node[last];
    if (had !== undefined && had !== en) throw new Error(`The report text ${key} is declared twice with different words.`);
    node[last] = en;
  }
  return out;
}
