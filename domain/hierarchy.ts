import type { PageDefOf, TierDefOf } from './tiers';

/** Whether `targetPath` lies strictly below `callerPath` (materialized paths like '/1/5/'). */
export const isStrictDescendant = (callerPath: string, targetPath: string): boolean =>
  targetPath.length > callerPath.length && targetPath.startsWith(callerPath);

/**
 * The hierarchy rules, built from the tier table the registry passes in (domain does not import
 * the registry, so a registry with another tier gets the same rules over its own table).
 */
export function createHierarchy<R extends string, S extends R>(tiers: readonly TierDefOf<R>[], pages: readonly PageDefOf<S>[]) {
  const tierOf = (role: R): TierDefOf<R> => {
    const t = tiers.find((x) => x.role === role);
    if (!t) throw new Error(`unknown tier ${role}`);
    return t;
  };
  /** The chain, highest first: the order every hierarchy rule reads. */
  const chain: readonly R[] = tiers.filter((t) => t.kind === 'chain').map((t) => t.role);
  const root = tiers.find((t) => t.kind === 'chain' && t.parent === null);
  const leaf = tiers.find((t) => t.kind === 'chain' && !tiers.some((c) => c.kind === 'chain' && c.parent === t.role));
  const rank = (role: R): number => chain.indexOf(role);

  /** Staff are the chain tiers above its leaf (the player logs into the game, not the back office). */
  const isStaff = (role: R): role is S => rank(role) >= 0 && role !== leaf?.role;

  /**
   * Whether a role may manage accounts of a tier: chain tiers below its own level,
   * and the system kinds (gift, loan, otc) for the chain root only.
   */
  function canManageTier(caller: R, tier: R): boolean {
    const t = tierOf(tier);
    if (t.kind === 'system') return caller === root?.role;
    const c = rank(caller);
    return c >= 0 && isStaff(caller) && rank(tier) > c;
  }

  /** Tiers with screens that a role manages, in menu order. */
  const managedTiers = (caller: R): TierDefOf<R>[] => tiers.filter((t) => t.path !== undefined && canManageTier(caller, t.role));

  /** A role's menu: the tiers below it that it manages and the pages whose menu lists it. */
  function menuFor(role: R): { tiers: TierDefOf<R>[]; pages: PageDefOf<S>[] } {
    if (!isStaff(role)) return { tiers: [], pages: [] };
    return { tiers: managedTiers(role), pages: pages.filter((p) => p.menu.includes(role)) };
  }

  /** Whether a role may open a page route (menu or route table). */
  const canOpenPage = (role: R, key: string): boolean =>
    isStaff(role) && pages.some((p) => p.key === key && (p.menu.includes(role) || (p.routeOnly ?? []).includes(role)));

  /** The ordered list of a tier's ancestors' roles, nearest first (e.g. player → master, areamanager…). */
  function ancestorRoles(role: R): R[] {
    const out: R[] = [];
    for (let p = tierOf(role).parent; p; p = tierOf(p).parent) out.push(p);
    return out;
  }

  /** Only the root of the chain creates and destroys points (its own credit adjust). */
  const mintsPoints = (role: R): boolean => tierOf(role).parent === null;

  /** The tier directly below a role in the chain (null for the leaf). */
  const childTierOf = (role: R): TierDefOf<R> | null => tiers.find((t) => t.kind === 'chain' && t.parent === role) ?? null;

  return { tierOf, chain, isStaff, canManageTier, managedTiers, menuFor, canOpenPage, ancestorRoles, mintsPoints, childTierOf, isStrictDescendant };
}
