import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../auth/plugin';
import type { Caller } from '../access/caller';
import type { Database } from '../db/client';
import { parseId } from '../accounts/repository';
import { coded } from '../http/errors';
import { serve } from '../http/endpoint';
import { adminScope, loadRunnableAdmin } from './access';
import { assignmentsWithoutPool, ensurePool, percentageRecords, poolIdsInScope, setWinPercentages, type AdminScope } from './repository';
import { PERCENTAGE_ENDPOINTS as E } from './percentage.endpoints';

/** The (admin, game) pairs the caller sees: the viewed admin's, or every admin's for the superadmin. */
async function adminGameList(db: Database, caller: Caller, rawId: string) {
  const viewed = parseId(rawId);
  const scope: AdminScope = viewed !== null && viewed !== caller.id ? { adminId: (await loadRunnableAdmin(db, caller, viewed)).id } : adminScope(caller);
  const pairs = await assignmentsWithoutPool(db, scope);
  // Pools come with the percentage they carry: make the missing ones so every row has an id to update.
  for (const p of pairs) await db.transaction((tx) => ensurePool(tx, p.adminId, p.gameDbId));
  return percentageRecords(db, scope);
}

/** Win Percentage: the table of the caller's admins and games, and its bulk update. */
export async function percentageRoutes(app: FastifyInstance) {
  const { db } = app;

  serve(app, E.list, async (req) => {
    const caller = requireCaller(req);
    const list = await adminGameList(db, caller, req.params.id);
    const games = [...new Map(list.map((x) => [x.gameId, { gameId: x.gameId, gameName: x.gameName }])).values()];
    const users = [...new Map(list.map((x) => [x.adminId, { _id: x.adminId, username: x.username }])).values()];
    return { success: true, games, users, adminGameList: list };
  });

  serve(
    app,
    E.update,
    async (req) => {
      const caller = requireCaller(req);
      const list = req.body.updates ?? req.body.data?.updates;
      if (!list) throw coded(400, 'nothingToUpdate', {}, 'updates');
      const ids = list.map((u) => parseId(u.id));
      if (ids.some((id) => id === null)) throw coded(400, 'unknownPercentageRow', {}, 'id');
      const known = ids as number[];
      const scope = adminScope(caller);
      await db.transaction(async (tx) => {
        const allowed = await poolIdsInScope(tx, scope, known);
        if (allowed.length !== new Set(known).size) throw coded(403, 'rowsNotYours');
        await setWinPercentages(tx, list.map((u, i) => ({ id: known[i], winPercentage: u.winpercentage })));
      });
      return { success: true, message: 'Win percentages updated.' };
    },
  );
}
