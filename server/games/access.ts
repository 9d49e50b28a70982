import type { Caller } from '../auth/caller';
import { inSubtree } from '../accounts/access';
import { findRef, parseId, type AccountRef } from '../accounts/repository';
import type { Queryable } from '../db/client';
import { forbidden, notFound } from '../http/errors';

/**
 * The admin whose consoles, pools and percentages the caller runs: an admin runs its own, the
 * superadmin every admin; nobody else runs any.
 */
export async function loadRunnableAdmin(q: Queryable, caller: Caller, rawAdminId: unknown): Promise<AccountRef> {
  if (caller.role !== 'superadmin' && caller.role !== 'admin') throw forbidden('Only the superadmin and admins run games.');
  const admin = await findRef(q, parseId(rawAdminId));
  if (!admin || admin.role !== 'admin') throw notFound('No admin account with this id.');
  if (caller.role === 'admin' ? admin.id !== caller.id : !inSubtree(caller, admin)) throw forbidden('This account is outside your hierarchy.');
  return admin;
}

/** The admins whose games the caller sees: all of the superadmin's, or the admin itself. */
export function adminScope(caller: Caller): { sql: string; params: unknown[] } {
  if (caller.role === 'superadmin') return { sql: `a.path LIKE $1`, params: [`${caller.path}%`] };
  if (caller.role === 'admin') return { sql: `a.id = $1`, params: [caller.id] };
  throw forbidden('Only the superadmin and admins run games.');
}
