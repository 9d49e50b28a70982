import type { GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import { RECORDS, type RecordDef } from '../../resources.config';
import { request, type RequestOptions } from './http';
import type { ResourceProvider } from './restProvider';

/**
 * The registry's record lists (resources/records.ts) as react-admin resources: their page reads,
 * status updates and the rest are their REST resource's (restProvider.ts); what a declaration adds is
 * answered here. A list read with `meta.export` is the export of the whole filtered set: the
 * declared export call with the list's filter, every row in one answer (the way react-admin's export
 * asks getList for all rows at once).
 */
export interface ExportMeta {
  export: true;
}

const isExport = (meta: unknown): meta is ExportMeta => (meta as Partial<ExportMeta> | undefined)?.export === true;

type Row = Record<string, unknown> & { id?: Identifier; _id?: string };

/** A filter's plain values as query parameters (react-admin's full-text `q` is the API's `search`). */
function filterQuery(filter: Record<string, unknown> | undefined): NonNullable<RequestOptions['query']> {
  const out: NonNullable<RequestOptions['query']> = {};
  for (const [k, v] of Object.entries(filter ?? {})) if (typeof v === 'string' || typeof v === 'number') out[k === 'q' ? 'search' : k] = v;
  return out;
}

async function exportList(def: RecordDef & { export: NonNullable<RecordDef['export']> }, params: GetListParams): Promise<GetListResult> {
  const { json } = await request<Row[]>(def.export.api, { query: { ...filterQuery(params.filter), ...def.export.query }, signal: params.signal });
  const data: RaRecord[] = (json.data ?? []).map((r) => ({ ...r, id: (r.id ?? r._id) as Identifier }));
  return { data, total: data.length };
}

/** One record list's provider: its REST resource's, and its export when it declares one. */
function recordProvider(def: RecordDef, rest: ResourceProvider): ResourceProvider {
  const exported = def.export ? { ...def, export: def.export } : null;
  return {
    ...rest,
    getList: (resource, params) => (exported && isExport(params.meta) ? exportList(exported, params) : rest.getList(resource, params)),
  };
}

/** The registry's record lists' providers by resource name, over their REST resources' providers. */
export function registryProviders(rest: ReadonlyMap<string, ResourceProvider>): Map<string, ResourceProvider> {
  const out = new Map<string, ResourceProvider>();
  for (const def of RECORDS as readonly RecordDef[]) {
    const base = rest.get(def.page);
    if (base) out.set(def.page, recordProvider(def, base));
  }
  return out;
}
