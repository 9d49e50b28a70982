import { CHAIN, PAGES, TIERS, tierOf, type PageDef, type Role, type StaffRole, type TierDef } from '../resources.config';

const rank = (role: Role): number => CHAIN.indexOf(role);

export const isStaff = (role: Role): role is StaffRole => rank(role) >= 0 && role !== 'player';

/**
 * Whether a role may manage accounts of a tier: chain tiers below its own level,
 * and the system kinds (gift, loan, otc) for the superadmin only.
 */
export function canManageTier(caller: Role, tier: Role): boolean {
  const t = tierOf(tier);
  if (t.kind === 'system') return caller === 'superadmin';
  const c = rank(caller);
  return c >= 0 && caller !== 'player' && rank(tier) > c;
}

/** Tiers with screens that a role manages, in menu order. */
export const managedTiers = (caller: Role): TierDef[] =>
  TIERS.filter((t) => t.path !== undefined && canManageTier(caller, t.role));

/** Whether `targetPath` lies strictly below `callerPath` (materialized paths like '/1/5/'). */
export const isStrictDescendant = (callerPath: string, targetPath: string): boolean =>
  targetPath.length > callerPath.length && targetPath.startsWith(callerPath);

/** A role's menu: its tiers and the pages it may see (spec section 2). */
export function menuFor(role: Role): { tiers: TierDef[]; pages: PageDef[] } {
  if (!isStaff(role)) return { tiers: [], pages: [] };
  return { tiers: managedTiers(role), pages: PAGES.filter((p) => p.menu.includes(role)) };
}

/** Whether a role may open a page route (menu or route table). */
export const canOpenPage = (role: Role, key: string): boolean =>
  isStaff(role) && PAGES.some((p) => p.key === key && (p.menu.includes(role) || (p.routeOnly ?? []).includes(role)));

/** The ordered list of a tier's ancestors' roles, nearest first (e.g. player → master, areamanager…). */
export function ancestorRoles(role: Role): Role[] {
  const out: Role[] = [];
  for (let p = tierOf(role).parent; p; p = tierOf(p).parent) out.push(p);
  return out;
}

/** Only the root of the chain creates and destroys points (its own credit adjust). */
export const mintsPoints = (role: Role): boolean => tierOf(role).parent === null;
