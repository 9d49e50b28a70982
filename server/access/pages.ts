import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { canOpenPage, PAGES, type PageKey, type Role } from '../../resources.config';
import { coded } from '../http/errors';
import { requireCaller } from './caller';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The registry page this route serves: it answers the roles the registry opens the page to and
     * no other (401 without a session, 403 for a role the page is closed to), before its input is read.
     */
    page?: PageKey;
  }
}

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

/** Routes declare `config: { page }`; this one hook checks it for every route of the scope. */
export const pageAccess = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    const page = req.routeOptions.config?.page;
    if (page) requirePage(requireCaller(req).role, page);
  });
});
