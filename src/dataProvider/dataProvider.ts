import { combineDataProviders } from 'react-admin';
import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import type { Envelope } from '../../domain/api';
import type { AccountRecord } from '../../resources.config';
import { accountPath, exportPath, type AccountPath } from '../../domain/apiPaths';
import { DASHBOARD_COUNTS, tierOf, type CountField, type Role, type TierDef } from '../../resources.config';
import { ROLES } from '../../resources.config';
import type { Answer } from './contract';
import { answered, call, request, send, type RequestOptions } from './http';
import { screenMethods, type ScreenMethods } from './methods';
import { restProviders, type ResourceProvider, type ToggleAction, type ToggleCall } from './restProvider';
import { registryProviders } from './registryProvider';

/** An account as react-admin sees it: the API's record plus `id` = `_id`. */
export type AccountRow = AccountRecord & { id: string };

/** Where a child list or child record hangs: the parent's tier (resource) and id. */
export interface ParentRef {
  resource: string;
  id: Identifier;
}

export interface Paging {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  filter?: Record<string, unknown>;
}

export interface CreditParams {
  /** The account receiving (transfer) or being adjusted. */
  toUserId: Identifier;
  /** The operator's credit record id (`userId` of the transfer payload). */
  userId: Identifier;
  /** The logged-in operator (`authUser` of the transfer payload). */
  authUser: Identifier;
  password: string;
  amount: number;
  transactionType?: 'credit' | 'debit';
  parent?: ParentRef;
  /** One key per form submission. */
  idempotencyKey: string;
}

export interface CreditResult {
  transactionId?: string;
  sender?: { _id: string; walletBalance: number };
  receiver?: { _id: string; walletBalance: number };
}

export type { ToggleAction };

/** The client's dataProvider: react-admin's calls, the account family's own, and the screens' (methods/). */
export interface TierDataProvider extends AccountsDataProvider, ScreenMethods {}

export interface AccountsDataProvider extends DataProvider, ToggleCall {
  creditTransfer(resource: string, params: CreditParams): Promise<{ data: CreditResult; message?: string }>;
  creditAdjust(resource: string, params: CreditParams): Promise<{ data: CreditResult; message?: string }>;
  logoutPlayer(params: { id: Identifier }): Promise<{ message?: string }>;
  getChildren(resource: string, params: Paging & { id: Identifier }): Promise<{ data: AccountRow[]; total: number }>;
  getChild(resource: string, params: { parentId: Identifier; id: Identifier }): Promise<{ data: AccountRow }>;
  createChild(resource: string, params: { parentId: Identifier; data: Record<string, unknown> }): Promise<{ data: AccountRow; message?: string }>;
  updateChild(resource: string, params: { parentId: Identifier; id: Identifier; updatedFields: Record<string, unknown> }): Promise<{ data: AccountRow; message?: string }>;
  deleteChild(resource: string, params: { parentId: Identifier; id: Identifier }): Promise<{ message?: string }>;
  loadCredit(params: { id: Identifier }): Promise<{ data: Answer<'myCredit'>['data'][number] | null }>;
  userCount(): Promise<Record<CountField, number>>;
  userGames(params: { id: Identifier }): Promise<{ data: Answer<'userGames'>['data'] }>;
  changePassword(params: { userId: Identifier; opass: string; npass: string; cpass: string }): Promise<{ message?: string }>;
  /**
   * A (filtered, sorted) list's export: the whole list in its order as it streams from the server,
   * NDJSON, one account per line, and the number of rows it holds. A child list's goes through its
   * parent's family.
   */
  openExport(resource: string, params: Omit<Paging, 'pagination'> & { parent?: ParentRef }): Promise<{ body: ReadableStream<Uint8Array>; total: number | null }>;
}

/** Resource names are tier roles (tier.path equals the role for every tier with screens). */
export const tierOfResource = (resource: string): TierDef => {
  if (!(ROLES as readonly string[]).includes(resource)) throw new Error(`Unknown resource ${resource}`);
  return tierOf(resource as Role);
};
/** A call of a resource's account family, from the shared path map (domain/apiPaths.ts). */
const path = (resource: string, call: AccountPath, params: Record<string, string | number> = {}): string =>
  accountPath(tierOfResource(resource).api, call, params);

export const toRow = (r: AccountRecord): AccountRow => ({ ...r, id: r._id });

/** react-admin's `id` is the API's `_id`. */
const sortField = (field: string | undefined): string | undefined => (field === 'id' ? '_id' : field);

function listQuery(params: Paging): NonNullable<RequestOptions['query']> {
  const filter = params.filter ?? {};
  const search = (filter.q ?? filter.search ?? filter.username) as string | undefined;
  return {
    page: params.pagination?.page,
    perPage: params.pagination?.perPage,
    sort: sortField(params.sort?.field),
    order: params.sort?.order === 'ASC' || params.sort?.order === 'DESC' ? params.sort.order : undefined,
    search: typeof search === 'string' && search.trim() !== '' ? search.trim() : undefined,
  };
}

async function fetchList(path: string, params: Paging): Promise<{ data: AccountRow[]; total: number }> {
  const { json, headers } = await request<AccountRecord[]>(path, { query: listQuery(params) });
  const rows = (json.data ?? []).map(toRow);
  const header = headers.get('X-Total-Count');
  const total = typeof json.total === 'number' ? json.total : header ? Number(header) : rows.length;
  return { data: rows, total };
}

const parentOf = (meta: unknown): ParentRef | undefined => {
  const p = (meta as { parent?: ParentRef } | undefined)?.parent;
  return p && p.id !== undefined && p.id !== '' ? p : undefined;
};

const childrenPath = (p: ParentRef): string => path(p.resource, 'children', { id: p.id });

function creditBody(kind: 'transfer' | 'adjust', p: CreditParams): Record<string, unknown> {
  const base = { userId: p.userId, password: p.password, toUserId: p.toUserId, authUser: p.authUser };
  return kind === 'transfer'
    ? { ...base, transferAmount: p.amount }
    : { ...base, adjustAmount: p.amount, transactionType: p.transactionType ?? 'credit' };
}

async function credit(kind: 'transfer' | 'adjust', resource: string, p: CreditParams) {
  // A child's operation goes through its parent's family (docs/API.md).
  const url = p.parent
    ? path(p.parent.resource, kind === 'transfer' ? 'childCreditTransfer' : 'childCreditAdjust', { id: p.parent.id, childId: String(p.toUserId) })
    : path(resource, kind === 'transfer' ? 'creditTransfer' : 'creditAdjust');
  const { json } = await request<CreditResult>(url, {
    method: 'POST',
    body: creditBody(kind, p),
    headers: { 'Idempotency-Key': p.idempotencyKey },
  });
  return { data: json.data ?? {}, message: json.message };
}

async function mutate(path: string, options: RequestOptions): Promise<{ data: AccountRow; message?: string }> {
  const { json } = await request<AccountRecord>(path, options);
  return { data: json.data ? toRow(json.data) : ({} as AccountRow), message: json.message };
}

/** The tiers' provider: react-admin's calls on accounts, and the account family's own calls. */
function accountsProvider(): AccountsDataProvider {
  const getList = (resource: string, params: GetListParams & { meta?: unknown }) => {
    const parent = parentOf(params.meta);
    return fetchList(parent ? childrenPath(parent) : path(resource, 'list'), params);
  };

  const getOne = async (resource: string, params: GetOneParams) => {
    const parent = parentOf(params.meta);
    const url = parent ? path(parent.resource, 'child', { id: parent.id, childId: params.id }) : path(resource, 'one', { id: params.id });
    const { json } = await request<AccountRecord>(url);
    if (!json.data) throw new Error('Something went wrong');
    return { data: toRow(json.data) };
  };

  const provider: AccountsDataProvider = {
    getList: getList as DataProvider['getList'],
    getOne: getOne as DataProvider['getOne'],
    getMany: (async (resource: string, params: GetManyParams) => {
      const rows = await Promise.all(params.ids.map((id) => getOne(resource, { id, meta: params.meta })));
      return { data: rows.map((r) => r.data) };
    }) as DataProvider['getMany'],
    getManyReference: ((resource: string, params: GetManyReferenceParams) =>
      fetchList(path(params.meta?.parentResource ?? resource, 'children', { id: params.id }), params)) as DataProvider['getManyReference'],
    create: (async (resource: string, params: CreateParams) => {
      const parent = parentOf(params.meta);
      if (parent) return provider.createChild(parent.resource, { parentId: parent.id, data: params.data as Record<string, unknown> });
      return mutate(path(resource, 'create'), { method: 'POST', body: params.data });
    }) as DataProvider['create'],
    update: (async (resource: string, params: UpdateParams) => {
      const parent = parentOf(params.meta);
      const updatedFields = (params.meta as { updatedFields?: Record<string, unknown> } | undefined)?.updatedFields ?? diff(params.data, params.previousData);
      // Nothing changed: no call.
      if (Object.keys(updatedFields).length === 0) return { data: params.previousData as AccountRow };
      if (parent) return provider.updateChild(parent.resource, { parentId: parent.id, id: params.id, updatedFields });
      return mutate(path(resource, 'one', { id: params.id }), { method: 'PUT', body: { updatedFields } });
    }) as DataProvider['update'],
    updateMany: () => Promise.reject(new Error('updateMany is not supported')),
    delete: (async (resource: string, params: DeleteParams) => {
      const parent = parentOf(params.meta);
      if (parent) await provider.deleteChild(parent.resource, { parentId: parent.id, id: params.id });
      else await request(path(resource, 'one', { id: params.id }), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as RaRecord };
    }) as DataProvider['delete'],
    deleteMany: (async (resource: string, params: { ids: Identifier[]; meta?: unknown }) => {
      for (const id of params.ids) await provider.delete(resource, { id, meta: params.meta });
      return { data: params.ids };
    }) as DataProvider['deleteMany'],

    creditTransfer: (resource, p) => credit('transfer', resource, p),
    creditAdjust: (resource, p) => credit('adjust', resource, p),
    toggleStatus: async (resource, { id, action, parent }) => {
      const url = parent
        ? path(parent.resource, 'childToggleStatus', { id: parent.id, childId: id, action })
        : path(resource, 'toggleStatus', { id, action });
      const body: Record<string, unknown> = { userId: id, action, ...(parent ? { adminId: parent.id } : {}) };
      const { json } = await request(url, { method: 'PATCH', body });
      return { data: json.data, message: json.message };
    },
    logoutPlayer: async ({ id }) => {
      const { json } = await call('logoutPlayer', { query: { id: String(id), role: 'player' } });
      return { message: json.message };
    },
    getChildren: (resource, params) => fetchList(path(resource, 'children', { id: params.id }), params),
    getChild: async (resource, { parentId, id }) => getOne(resource, { id, meta: { parent: { resource, id: parentId } } }),
    createChild: (resource, { parentId, data }) =>
      mutate(path(resource, 'children', { id: parentId }), { method: 'POST', body: { childAdminData: data, parentAdminId: parentId } }),
    updateChild: (resource, { parentId, id, updatedFields }) =>
      mutate(path(resource, 'child', { id: parentId, childId: id }), { method: 'PUT', body: { updatedFields } }),
    deleteChild: async (resource, { parentId, id }) => {
      const { json } = await request(path(resource, 'childDelete', { id: parentId, childId: id }), { method: 'DELETE' });
      return { message: json.message };
    },
    loadCredit: async ({ id }) => {
      const { json } = await call('myCredit', { query: { id: String(id) } });
      return { data: json.data[0] ?? null };
    },
    userCount: async () => {
      const { json } = await call('userCount');
      const n = (k: string): number => (typeof json[k] === 'number' ? (json[k] as number) : 0);
      return Object.fromEntries(DASHBOARD_COUNTS.map((d) => [d.field, n(d.field)])) as Record<CountField, number>;
    },
    userGames: async ({ id }) => {
      const { json } = await call('userGames', { params: { id: String(id) } });
      return { data: json.data };
    },
    changePassword: async (body) => {
      const { json } = await call('changePassword', { method: 'POST', body });
      return { message: json.message };
    },
    openExport: async (resource, params) => {
      const url = params.parent ? exportPath(tierOfResource(params.parent.resource).api, 'childrenExport', { id: params.parent.id }) : exportPath(tierOfResource(resource).api, 'export');
      const { page: _page, perPage: _perPage, ...query } = listQuery(params);
      const res = await send(url, { query, accept: 'application/x-ndjson' });
      answered();
      if (!res.body) throw new Error('The export answered no rows.');
      const header = res.headers.get('X-Total-Count');
      return { body: res.body, total: header === null ? null : Number(header) };
    },
  };
  return provider;
}

/**
 * The client's one dataProvider, built once: every call that names a resource goes to the provider
 * of that resource (the REST resources of the registry, or the tiers' accounts), as react-admin's
 * combineDataProviders does; the account family's own calls are the tiers' provider's, and the
 * screens' own calls (methods/) are custom methods beside them.
 */
export function createDataProvider(): TierDataProvider {
  const accounts = accountsProvider();
  const rest = restProviders();
  const registry = registryProviders(rest);
  const byResource = combineDataProviders((resource) => registry.get(resource) ?? rest.get(resource) ?? accounts) as ResourceProvider;
  const { getList, getOne, getMany, getManyReference, create, update, updateMany, delete: remove, deleteMany, toggleStatus } = byResource;
  return { ...accounts, ...screenMethods(), getList, getOne, getMany, getManyReference, create, update, updateMany, delete: remove, deleteMany, toggleStatus };
}

/** Fallback diff for a plain `update` call: top-level values that differ. */
function diff(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (k === 'id' || k === '_id') continue;
    if (JSON.stringify(v) !== JSON.stringify(previous?.[k])) out[k] = v;
  }
  return out;
}

export type { Envelope };
