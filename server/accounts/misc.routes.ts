import type { FastifyInstance } from 'fastify';
import { DASHBOARD_COUNTS, tierOf } from '../../resources.config';
import { requireCaller } from '../auth/plugin';
import type { Database } from '../db/client';
import { loadReadable, loadViewRoot } from './access';
import { findRef, parseId } from './repository';
import { getRecord } from './service';
import { forbidden, notFound } from '../http/errors';

/** Account-related calls outside the tier families: the caller's wallet, counts, an admin's games. */
export async function miscAccountRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;

  app.get('/credit/loadcredit', async (req) => {
    const caller = requireCaller(req);
    const me = await getRecord(db, caller.id);
    return { success: true, data: [{ _id: me._id, walletBalance: me.walletBalance }] };
  });

  app.get<{ Querystring: { id?: string } }>('/counts/usercount', async (req) => {
    const caller = requireCaller(req);
    const root = (await loadViewRoot(db, caller, req.query.id)) ?? caller;
    const counts = DASHBOARD_COUNTS.map((d, i) => `count(*) FILTER (WHERE role = $${i + 3})::int AS "${d.field}"`).join(', ');
    const [c] = await db.query(`SELECT ${counts} FROM accounts WHERE deleted_at IS NULL AND path LIKE $1 AND id <> $2`, [
      `${root.path}%`,
      root.id,
      ...DASHBOARD_COUNTS.map((d) => d.tier),
    ]);
    return { success: true, ...Object.fromEntries(DASHBOARD_COUNTS.map((d) => [d.field, Number(c[d.field])])) };
  });

  // An admin's games; the superadmin's are the whole catalogue (it assigns them).
  app.get<{ Params: { id: string } }>('/game/usergames/:id', async (req) => {
    const caller = requireCaller(req);
    const target = await findRef(db, parseId(req.params.id));
    if (!target) throw notFound();
    if (target.role !== 'superadmin' && target.role !== 'admin') throw notFound('Only admins have games.');
    if (target.role === 'superadmin') {
      if (target.id !== caller.id) throw forbidden();
      const rows = await db.query(`SELECT id::text AS "_id", game_id AS "gameId", game_name AS "gameName" FROM games WHERE status = 'active' ORDER BY id`);
      return { success: true, data: rows };
    }
    await loadReadable(db, caller, tierOf('admin'), req.params.id);
    const rec = await getRecord(db, target.id);
    return { success: true, data: rec.games };
  });
}
