import type { FastifyInstance } from 'fastify';
import { DASHBOARD_COUNTS, ROOT_TIER, hasFlag, tierOf, type Role } from '../../resources.config';
import { requireCaller } from '../access/caller';
import { coded, forbidden, notFound } from '../http/errors';
import { loadReadable, loadViewRoot } from '../access/accounts';
import { activeGames, countByRole, findRef, parseId } from './repository';
import { CREDIT_ENDPOINTS } from './credit.endpoints';
import { ACCOUNT_ENDPOINTS } from './endpoints';
import { serve } from '../http/endpoint';
import { getRecord } from './service';

/** Account-related calls outside the tier families: the caller's wallet, counts, an admin's games. */
export async function miscAccountRoutes(plain: FastifyInstance) {
  const { db } = plain;
  serve(plain, CREDIT_ENDPOINTS.myCredit, async (req) => {
    const caller = requireCaller(req);
    const me = await getRecord(db, caller.id);
    return { success: true, data: [{ _id: me._id, walletBalance: me.walletBalance }] };
  });

  serve(
    plain,
    ACCOUNT_ENDPOINTS.counts,
    async (req) => {
      const caller = requireCaller(req);
      const root = (await loadViewRoot(db, caller, req.query.id)) ?? caller;
      const counts = await countByRole(db, root, DASHBOARD_COUNTS.map((d) => d.tier));
      return { success: true, ...Object.fromEntries(DASHBOARD_COUNTS.map((d, i) => [d.field, counts[i]])) };
    },
  );

  serve(plain, ACCOUNT_ENDPOINTS.games, async (req) => {
    const caller = requireCaller(req);
    const target = await findRef(db, parseId(req.params.id));
    if (!target) throw notFound();
    const isRoot = target.role === ROOT_TIER.role;
    if (!isRoot && !hasFlag(target.role, 'runsGames')) throw coded(404, 'onlyAdminsHaveGames');
    if (isRoot) {
      if (target.id !== caller.id) throw forbidden();
      return { success: true, data: await activeGames(db) };
    }
    await loadReadable(db, caller, tierOf(target.role as Role), req.params.id);
    const rec = await getRecord(db, target.id);
    return { success: true, data: rec.games };
  });
}
