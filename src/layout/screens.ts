import { menuFor } from '../../resources.config';
import type { PageDef, Role, TierDef } from '../../resources.config';

/**
 * Pages of the registry that this build has screens for. Pages of other areas (games,
 * reports, operations) are built by other issues: adding their key here makes them appear
 * in the registry-driven menu.
 */
export const BUILT_PAGES: ReadonlySet<string> = new Set(['dashboard', 'profile']);

/** The role's menu (registry + hierarchy rules), limited to screens that exist. */
export function visibleMenu(role: Role): { tiers: TierDef[]; pages: PageDef[] } {
  const { tiers, pages } = menuFor(role);
  return { tiers, pages: pages.filter((p) => BUILT_PAGES.has(p.key)) };
}
