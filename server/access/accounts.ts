import { canManageTier, isStrictDescendant } from '../../resources.config';
import type { TierDef } from '../../resources.config';
import type { Caller } from './caller';
import type { Queryable } from '../db/client';
import { coded, notFound } from '../http/errors';
import { findRef, parseId, type AccountRef } from './repository';

export const inSubtree = (caller: Caller, target: { path: string }) => isStrictDescendant(caller.path, target.path);

/** The caller's role may manage this tier at all (only tiers below its own; admin, gift, loan and OTC are the superadmin's), whatever the target. */
export function assertTier(caller: Caller, tier: TierDef): void {
  if (!canManageTier(caller.role, tier.role)) throw coded(403, 'tierNotManaged', { role: caller.role, tiers: tier.labels.plural });
}

/**
 * An account of `tier` that the caller manages: 403 for a tier the role may not manage or an
 * account outside the caller's subtree, 404 for an unknown id or an account of another tier.
 */
export async function loadManaged(q: Queryable, caller: Caller, tier: TierDef, rawId: unknown): Promise<AccountRef> {
  assertTier(caller, tier);
  const target = await findRef(q, parseId(rawId));
  if (!target) throw notFound();
  if (!inSubtree(caller, target)) throw coded(403, 'outsideHierarchy');
  if (target.role !== tier.role) throw coded(404, 'noAccountOfTier', { tier: tier.labels.singular });
  return target;
}

/** An account the caller may read: itself, or one of `tier` it manages. */
export async function loadReadable(q: Queryable, caller: Caller, tier: TierDef, rawId: unknown): Promise<AccountRef> {
  const id = parseId(rawId);
  if (id === caller.id && tier.role === caller.role) {
    const self = await findRef(q, id);
    if (self) return self;
  }
  return loadManaged(q, caller, tier, rawId);
}

/** A direct child of `parent`: the parent must be managed (or the caller itself), the child one level down. */
export async function loadChild(q: Queryable, caller: Caller, parent: AccountRef, childTier: TierDef, rawChildId: unknown): Promise<AccountRef> {
  const child = await loadManaged(q, caller, childTier, rawChildId);
  if (child.parentId !== parent.id) throw coded(404, 'noChildAccount', { tier: childTier.labels.singular, parent: parent.username });
  return child;
}

/** The view root chosen by the `id` query parameter: the caller, or an account of its subtree. */
export async function loadViewRoot(q: Queryable, caller: Caller, rawId: unknown): Promise<AccountRef | null> {
  const id = parseId(rawId);
  if (id === null || id === caller.id) return null;
  const root = await findRef(q, id);
  if (!root) throw notFound();
  if (!inSubtree(caller, root)) throw coded(403, 'outsideHierarchy');
  return root;
}
