import type { AccountRecord } from '../../resources.config';
import type { AccountInput } from '../../domain/accountValidation';
import { LEAF_TIER, PROFILE_FIELDS, tierOf, type FieldDef, type FieldName, type TierDef } from '../../resources.config';
import { lockParents } from '../db/parentDays';
import type { Caller } from '../access/caller';
import { hashSecret } from '../access/passwords';
import { revokeSessions } from '../access/sessions';
import type { Database, Queryable } from '../db/client';
import { coded, forbidden, notFound } from '../http/errors';
import { parseBody } from '../http/validated';
import { accountForm } from './formSchema';
import { assertTier, inSubtree, loadManaged } from '../access/accounts';
import {
  existingGameIds,
  findRecordRow,
  findRef,
  hasLiveChildren,
  insertAccount,
  listRows,
  parseId,
  reparent,
  setGames,
  softDeleteEmpty,
  hasOpenTickets,
  SORTABLE,
  updateColumns,
  type AccountColumns,
  type AccountRef,
  type SortKey,
  type ListFilter,
} from './repository';
import { toAccountRecord } from './serialize';
import { deleteAdminPools } from './adminPools';
import { parseListQuery, type ListQuery } from '../http/list';

const TEXT_COLUMNS: Partial<Record<FieldName, keyof AccountColumns>> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  dateOfBirth: 'date_of_birth',
  country: 'country',
  state: 'state',
  city: 'city',
  address: 'address',
  pinCode: 'pin_code',
  occupation: 'occupation',
  note: 'note',
};

const blankToNull = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

const asBool = (v: unknown): boolean => v === true || v === 'true';

/** Only the registry's fields of this form: anything else in a body is ignored. */
function pick(fields: readonly FieldDef[], body: Record<string, unknown>): AccountInput {
  const out: AccountInput = {};
  for (const f of fields) if (Object.prototype.hasOwnProperty.call(body, f.name)) out[f.name] = body[f.name];
  return out;
}

/** Converts validated input to columns; hashes secrets. */
async function toColumns(input: AccountInput): Promise<AccountColumns> {
  const cols: AccountColumns = {};
  for (const [name, col] of Object.entries(TEXT_COLUMNS) as [FieldName, keyof AccountColumns][]) {
    if (!(name in input)) continue;
    const v = name === 'email' ? blankToNull(input[name])?.toLowerCase() ?? null : blankToNull(input[name]);
    if (name === 'note') cols.note = v ?? 'add notes';
    else (cols as Record<string, unknown>)[col] = name === 'dateOfBirth' && v ? v.slice(0, 10) : v;
  }
  const commission = input.commissionAmount ?? input.commission;
  if (commission !== undefined && commission !== null && commission !== '') cols.commission = String(Number(commission));
  if ('userStatus' in input && input.userStatus !== undefined && input.userStatus !== '') cols.active = asBool(input.userStatus);
  if (input.mayBackup !== undefined && input.mayBackup !== '') cols.may_backup = asBool(input.mayBackup);
  if (typeof input.password === 'string' && input.password !== '') cols.password_hash = await hashSecret(input.password);
  if (input.pin !== undefined && input.pin !== null && String(input.pin) !== '') cols.pin_hash = await hashSecret(String(input.pin));
  return cols;
}

async function gameIdsOf(q: Queryable, value: unknown): Promise<number[] | undefined> {
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value]).map((g) => parseId(typeof g === 'object' && g !== null ? (g as { _id?: unknown })._id : g));
  if (list.some((g) => g === null)) throw coded(400, 'unknownGame', {}, 'games');
  const ids = [...new Set(list as number[])];
  const found = await existingGameIds(q, ids);
  if (found.length !== ids.length) throw coded(400, 'unknownGame', {}, 'games');
  return ids;
}

/** The parent a new or moved account hangs under: of the tier's parent role, the caller or inside its subtree. */
async function resolveParent(q: Queryable, caller: Caller, tier: TierDef, rawRef: unknown): Promise<AccountRef> {
  const parentTier = tier.parent ? tierOf(tier.parent) : null;
  if (!parentTier) throw forbidden();
  const id = rawRef === undefined || rawRef === null || rawRef === '' ? (caller.role === parentTier.role ? caller.id : null) : parseId(rawRef);
  if (id === null) throw coded(400, 'referenceRequired', {}, 'refId');
  const parent = await findRef(q, id);
  if (!parent) throw coded(400, 'referenceMissing', {}, 'refId');
  if (parent.id !== caller.id && !inSubtree(caller, parent)) throw coded(403, 'referenceOutside');
  if (parent.role !== parentTier.role) throw coded(400, 'referenceWrongTier', { tier: parentTier.labels.singular }, 'refId');
  return parent;
}

/** The form's schema (the route's body schema) on the form as the call completed it: every refusal, in the registry's order. */
function check(fields: readonly FieldDef[], input: AccountInput, partial: boolean): void {
  parseBody(accountForm(fields, partial), input, 'every');
}

export async function getRecord(q: Queryable, id: number): Promise<AccountRecord> {
  const row = await findRecordRow(q, id);
  if (!row) throw notFound();
  return toAccountRecord(row);
}

export async function createAccount(db: Database, caller: Caller, tier: TierDef, body: Record<string, unknown>, parentOverride?: unknown): Promise<AccountRecord> {
  assertTier(caller, tier);
  const input = pick(tier.createFields, body);
  // The parent may come from the route (children calls); a missing refId defaults to the caller when it is the parent tier.
  if (parentOverride !== undefined) input.refId = parentOverride;
  else if ((input.refId === undefined || input.refId === '') && tier.parent === caller.role) input.refId = String(caller.id);
  check(tier.createFields, input, false);
  const parent = await resolveParent(db, caller, tier, input.refId);
  if (!parent.active) throw coded(409, 'referenceInactive');
  const cols = await toColumns(input);
  if (!cols.password_hash) throw coded(400, 'passwordRequired', {}, 'password');
  const games = await gameIdsOf(db, input.games);
  const id = await db.transaction(async (tx) => {
    const newId = await insertAccount(tx, { role: tier.role, prefix: tier.usernamePrefix, parentId: parent.id, parentPath: parent.path, cols });
    if (games) await setGames(tx, newId, games);
    return newId;
  });
  return getRecord(db, id);
}


export async function updateAccount(db: Database, caller: Caller, tier: TierDef, rawId: unknown, updates: Record<string, unknown>): Promise<AccountRecord> {
  const id = parseId(rawId);
  const self = id === caller.id && tier.role === caller.role;
  const target = self ? await findRef(db, id) : await loadManaged(db, caller, tier, rawId);
  if (!target) throw notFound();
  const fields = self ? tier.editFields.filter((f) => PROFILE_FIELDS.includes(f.name)) : tier.editFields;
  const input = pick(fields, updates);
  if (self && Object.keys(updates).some((k) => !PROFILE_FIELDS.includes(k as FieldName)))
    throw coded(403, 'notOnOwnAccount');
  // Secrets left empty mean "unchanged", except on the edit forms that require them again (area manager, gift and loan edit).
  for (const f of fields) {
    if (f.type !== 'password' || !(input[f.name] === '' || input[f.name] === null || input[f.name] === undefined)) continue;
    if (f.required) input[f.name] = '';
    else delete input[f.name];
  }
  check(fields, input, true);
  const cols = await toColumns(input);
  const games = await gameIdsOf(db, input.games);
  const newParent =
    input.refId !== undefined && parseId(input.refId) !== target.parentId ? await resolveParent(db, caller, tier, input.refId) : null;
  if (newParent && !newParent.active) throw coded(409, 'referenceInactive');
  // A player moved to another parent: both parents' figures are counted again (reparent), their
  // players' locks taken first, in the order a bet takes them, before this edit locks the player.
  const movedParents = newParent && target.role === LEAF_TIER && target.parentId !== null ? [target.parentId, newParent.id] : [];
  await db.transaction(async (tx) => {
    await lockParents(tx, movedParents);
    await updateColumns(tx, target.id, cols);
    if (games) await setGames(tx, target.id, games);
    if (newParent) await reparent(tx, target, newParent);
    if (cols.active === false) await revokeSessions(tx, { subtreeOf: target.path });
    else if (cols.password_hash) await revokeSessions(tx, { accountId: target.id });
  });
  return getRecord(db, target.id);
}

export async function toggleStatus(db: Database, caller: Caller, tier: TierDef, rawId: unknown, action: string): Promise<AccountRecord> {
  if (action !== 'activate' && action !== 'deactivate') throw coded(400, 'unknownAction', { action }, 'action');
  const target = await loadManaged(db, caller, tier, rawId);
  await db.transaction(async (tx) => {
    await updateColumns(tx, target.id, { active: action === 'activate' });
    // Deactivation suspends the whole network below the account: every session in it ends now.
    if (action === 'deactivate') await revokeSessions(tx, { subtreeOf: target.path });
  });
  return getRecord(db, target.id);
}

/** Delete is one-way and may not lose points or orphan accounts: both must be moved first. */
export async function deleteAccount(db: Database, caller: Caller, tier: TierDef, rawId: unknown): Promise<AccountRef> {
  const target = await loadManaged(db, caller, tier, rawId);
  if (target.walletCents > 0n) throw coded(409, 'stillHoldsPoints', { username: target.username });
  if (await hasLiveChildren(db, target.id)) throw coded(409, 'stillHasChildren', { username: target.username });
  await db.transaction(async (tx) => {
    // A win of an open round is paid to its wallet whatever happens: the account waits for it.
    if (!(await softDeleteEmpty(tx, target.id))) {
      const code = (await hasOpenTickets(tx, target.id)) ? 'stillHasOpenBets' : 'stillHoldsPoints';
      throw coded(409, code, { username: target.username });
    }
    await deleteAdminPools(tx, target.id);
    await revokeSessions(tx, { accountId: target.id });
  });
  return target;
}

export type ListParams = ListQuery;

/**
 * Lists without paging parameters answer their first MAX_BARE rows and the total (the API's bare
 * lists, whole while a tier is small): 1,000 masters were 480 KB in one answer.
 */
export const MAX_BARE = 100;
export const MAX_PER_PAGE = 500;
const SORT_KEYS = Object.keys(SORTABLE) as SortKey[];

export const pageOf = (p: ListParams) =>
  parseListQuery<SortKey>(p, { sortable: SORT_KEYS, defaultSort: 'createdAt', maxBare: MAX_BARE, maxPerPage: MAX_PER_PAGE });

/** Where a list reads: the accounts under a path (the caller's, or a view root's), or one parent's children. */
export interface ListScope {
  underPath?: string;
  parentId?: number;
}

/**
 * The filter of a tier list for a caller, before paging: a role listing its own tier sees only
 * itself (the reference select of the forms below it); any other tier must be one the role manages
 * (403), read inside the caller's subtree or the scope's.
 */
export function listFilterOf(caller: Caller, tier: TierDef, scope: ListScope): Pick<ListFilter, 'role' | 'underPath' | 'parentId' | 'onlyId'> {
  const own = tier.role === caller.role && scope.parentId === undefined;
  if (!own) assertTier(caller, tier);
  return {
    role: tier.role,
    ...(own ? { onlyId: caller.id } : { underPath: scope.underPath ?? caller.path }),
    ...(scope.parentId !== undefined ? { parentId: scope.parentId } : {}),
  };
}

export async function listTier(
  q: Queryable,
  caller: Caller,
  tier: TierDef,
  scope: ListScope,
  params: ListParams,
): Promise<{ data: AccountRecord[]; total: number; offset: number }> {
  const paging = pageOf(params);
  const { rows, total } = await listRows(q, { ...listFilterOf(caller, tier, scope), ...paging });
  return { data: rows.map(toAccountRecord), total, offset: paging.offset };
}
