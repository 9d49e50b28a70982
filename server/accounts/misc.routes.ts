import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../domain/apiPaths';
import { DASHBOARD_COUNTS, ROOT_TIER, hasFlag, tierOf, type Role } from '../../resources.config';
import { requireCaller } from '../access/caller';
import { coded, forbidden, notFound } from '../http/errors';
import { ERROR_REPLIES, ok, queryText } from '../http/schemas';
import { loadReadable, loadViewRoot } from '../access/accounts';
import { activeGames, countByRole, findRef, parseId } from './repository';
import { idParams } from './schemas';
import { CREDIT_ENDPOINTS } from './credit.endpoints';
import { serve } from '../http/endpoint';
import { getRecord } from './service';

const gamesReply = ok(z.array(z.object({ _id: z.string(), gameId: z.string(), gameName: z.string() })));
const countsReply = z.looseObject({
  success: z.boolean(),
  ...Object.fromEntries(DASHBOARD_COUNTS.map((d) => [d.field, z.number().int()])),
});

/** Account-related calls outside the tier families: the caller's wallet, counts, an admin's games. */
export async function miscAccountRoutes(plain: FastifyInstance) {
  const { db } = plain;
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  serve(plain, CREDIT_ENDPOINTS.myCredit, async (req) => {
    const caller = requireCaller(req);
    const me = await getRecord(db, caller.id);
    return { success: true, data: [{ _id: me._id, walletBalance: me.walletBalance }] };
  });

  app.get(
    API_PATHS.userCount,
    { schema: { tags, querystring: z.looseObject({ id: queryText }), response: { ...ERROR_REPLIES, 200: countsReply } } },
    async (req) => {
      const caller = requireCaller(req);
      const root = (await loadViewRoot(db, caller, req.query.id)) ?? caller;
      const counts = await countByRole(db, root, DASHBOARD_COUNTS.map((d) => d.tier));
      return { success: true, ...Object.fromEntries(DASHBOARD_COUNTS.map((d, i) => [d.field, counts[i]])) };
    },
  );

  // An admin's games; the superadmin's are the whole catalogue (it assigns them).
  app.get(API_PATHS.userGames, { schema: { tags, params: idParams, response: { ...ERROR_REPLIES, 200: gamesReply } } }, async (req) => {
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
