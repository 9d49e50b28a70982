import { canOpenPage, menuFor, PAGES } from '../../resources.config';
import type { PageDef, Role, TierDef } from '../../resources.config';
import { hasScreen } from '../pages/screens';

/** The role's menu (registry + hierarchy rules), limited to pages this build has screens for. */
export function visibleMenu(role: Role): { tiers: TierDef[]; pages: PageDef[] } {
  const { tiers, pages } = menuFor(role);
  return { tiers, pages: pages.filter((p) => hasScreen(p.key)) };
}

/** Every page the role may open, in the menu or only by its route (a page's `menu` and `routeOnly` roles). */
export const routablePages = (role: Role): PageDef[] => PAGES.filter((p) => hasScreen(p.key) && canOpenPage(role, p.key));
