import { canOpenPage, PAGES, type PageKey, type Role } from '../../resources.config';
import { coded } from '../http/errors';

/**
 * A page's server routes answer the roles the registry opens the page to (its menu and route-only
 * roles), the same list the client's menu and route guard read: a page cannot show in a menu and
 * answer 403, nor answer a role whose menu hides it.
 */
export function requirePage(role: Role, key: PageKey): void {
  if (canOpenPage(role, key)) return;
  const label = PAGES.find((p) => p.key === key)?.label ?? key;
  throw coded(403, 'pageNotAvailable', { page: label, role });
}
