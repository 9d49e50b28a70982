import type { TierDef } from '../../resources.config';

/**
 * Where a tier screen sits: a top-level tier list (`/{role}/{tier}`) or the child list of a
 * parent's details page (`/{role}/{parentTier}/players/details/{parentId}`).
 */
export interface TierScope {
  tier: TierDef;
  parent?: { tier: TierDef; id: string };
}

/** The route paths of a scope, absolute (basename = `/{role}`). */
export function scopePaths(basename: string, scope: TierScope) {
  const base = scope.parent
    ? `${basename}/${scope.parent.tier.path}/players/details/${scope.parent.id}`
    : `${basename}/${scope.tier.path}`;
  return {
    list: base,
    create: `${base}/create`,
    edit: (id: string, name?: string) => `${base}/edit/${id}${name && !scope.parent ? `/${encodeURIComponent(name)}` : ''}`,
    transfer: (id: string) => `${base}/credittransfer/${id}`,
    adjust: (id: string) => `${base}/creditadjust/${id}`,
    /** A record's own details page lives under its own tier. */
    details: (id: string) => `${basename}/${scope.tier.path}/players/details/${id}`,
  };
}

/** The dataProvider meta that routes a call through the parent's children family. */
export const scopeMeta = (scope: TierScope) =>
  scope.parent ? { parent: { resource: scope.parent.tier.role, id: scope.parent.id } } : undefined;
