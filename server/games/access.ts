import type { Caller } from '../access/caller';
import { inSubtree } from '../access/accounts';
import { findRef, parseId, type AccountRef } from '../accounts/repository';
import type { Queryable } from '../db/client';
import { coded } from '../http/errors';
import { ROOT_TIER, hasFlag } from '../../resources.config';
import type { AdminScope } from './repository';

const isRoot = (role: string): boolean => role === ROOT_TIER.role;
const runsGames = (role: string): boolean => hasFlag(role, 'runsGames');

/**
 * The admin whose consoles, pools and percentages the caller runs: an admin runs its own, the
 * superadmin every admin; nobody else runs any.
 */
export async function loadRunnableAdmin(q: Queryable, caller: Caller, rawAdminId: unknown): Promise<AccountRef> {
  if (!isRoot(caller.role) && !runsGames(caller.role)) throw coded(403, 'runGamesOnly');
  const admin = await findRef(q, parseId(rawAdminId));
  if (!admin || !runsGames(admin.role)) throw coded(404, 'noAdminAccount');
  if (runsGames(caller.role) ? admin.id !== caller.id : !inSubtree(caller, admin)) throw coded(403, 'outsideHierarchy');
  return admin;
}

/** The admins whose games the caller sees: all of the superadmin's, or the admin itself. */
export function adminScope(caller: Caller): AdminScope {
  if (isRoot(caller.role)) return { underPath: caller.path };
  if (runsGames(caller.role)) return { adminId: caller.id };
  throw coded(403, 'runGamesOnly');
}
