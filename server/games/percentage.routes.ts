import type { FastifyInstance } from 'fastify';
import { subject } from '../../domain/activity';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../auth/plugin';
import type { Caller } from '../access/caller';
import type { Database } from '../db/client';
import { parseId } from '../accounts/repository';
import { coded } from '../http/errors';
import { schemaMessage } from '../http/schemaMessages';
import { adminScope, loadRunnableAdmin } from './access';
import { assignmentsWithoutPool, ensurePool, percentageRecords, poolIdsInScope, setWinPercentages, type AdminScope } from './repository';
import { API_PATHS } from '../../domain/apiPaths';
import { GAME_REPLIES } from './schemas';

const PERCENT_MESSAGE = schemaMessage('winPercentageRange');
/** A number or a numeric string: null, '' and true are not 0 or 1 here (z.coerce would read them so). */
const percentage = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z.number({ error: PERCENT_MESSAGE }).min(1, PERCENT_MESSAGE).max(100, PERCENT_MESSAGE),
);
const updates = z.array(
  z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    winpercentage: percentage,
  }),
  { error: schemaMessage('updatesList') },
).min(1, schemaMessage('nothingToUpdate')).max(5000, schemaMessage('tooManyRows'));

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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(API_PATHS.percentages, { schema: { params: z.object({ id: z.string() }), response: GAME_REPLIES.percentages } }, async (req) => {
    const caller = requireCaller(req);
    const list = await adminGameList(db, caller, req.params.id);
    const games = [...new Map(list.map((x) => [x.gameId, { gameId: x.gameId, gameName: x.gameName }])).values()];
    const users = [...new Map(list.map((x) => [x.adminId, { _id: x.adminId, username: x.username }])).values()];
    return { success: true, games, users, adminGameList: list };
  });

  r.put(
    API_PATHS.winPercentages,
    {
      schema: {
        params: z.object({ id: z.string() }),
        // Both shapes in one object, not a union: a union's refusal names no field and loses the message.
        body: z.object({ updates: updates.optional(), data: z.object({ updates }).optional() }),
        response: GAME_REPLIES.done,
      },
      config: { subject: subject('winPercentage') },
    },
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
