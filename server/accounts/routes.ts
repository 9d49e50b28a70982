import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subject, type ActivitySubject } from '../../domain/activity';
import { childTierOf, TIERS, type AccountRecord, type TierDef } from '../../resources.config';
import type { Caller } from '../access/caller';
import { requireCaller } from '../access/caller';
import type { Database } from '../db/client';
import { coded, notFound } from '../http/errors';
import { sendPage } from '../http/list';
import { adjust, transfer, type CreditContext } from '../credit/service';
import { TIER_CREDIT_ENDPOINTS } from './credit.endpoints';
import { TIER_ACCOUNT_ENDPOINTS } from './endpoints';
import { TIER_EXPORT_ENDPOINTS } from './export.endpoints';
import { exportTier, sendExport } from './export';
import { serve } from '../http/endpoint';
import { checkedInput } from '../http/validated';
import { loadChild, loadManaged, loadReadable, loadViewRoot } from '../access/accounts';
import { findRef, parseId, type AccountRef } from './repository';
import type { CreditOutcome } from '../credit/service';
import { trailOf } from '../credit/fromRequest';
import type { GuardConfig } from '../access/guard';
import type { Realtime } from '../realtime/socket';
import { createAccount, deleteAccount, getRecord, listTier, toggleStatus, updateAccount } from './service';


const idempotencyKey = (req: FastifyRequest): string | undefined => {
  const k = req.headers['idempotency-key'];
  const v = Array.isArray(k) ? k[0] : k;
  if (v === undefined || v === '') return undefined;
  if (v.length > 100) throw coded(400, 'idempotencyKeyTooLong');
  return v;
};

/** A form body is an object; null or nothing is an empty one. */
const body = (req: { body?: unknown }): Record<string, unknown> => {
  const b = req.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw coded(400, 'bodyNotObject');
  return b as Record<string, unknown>;
};

/** Edit payloads are `{updatedFields}`; a flat body is accepted too. */
const updatesOf = (req: { body?: unknown }): Record<string, unknown> => {
  const b = body(req);
  const u = b.updatedFields ?? b;
  if (typeof u !== 'object' || u === null || Array.isArray(u)) throw coded(400, 'updatedFieldsNotObject', {}, 'updatedFields');
  return u as Record<string, unknown>;
};

/**
 * The activity subject of an edit that set the backup right (the superadmin's grant, logged as such
 * so that who gave or took it stays on record); undefined: the route's own subject.
 */
const grantSubject = (tier: TierDef, updates: Record<string, unknown>, rec: AccountRecord): ActivitySubject | undefined =>
  updates.mayBackup !== undefined && tier.editFields.some((f) => f.name === 'mayBackup')
    ? subject(rec.mayBackup ? 'grantBackups' : 'revokeBackups', { tier: tier.role, name: rec.username })
    : undefined;

/** The account whose children a children-call addresses: the caller itself, or one of this tier it manages. */
async function parentFor(db: Database, caller: Caller, tier: TierDef, rawId: unknown): Promise<{ parent: AccountRef; child: TierDef }> {
  const child = childTierOf(tier.role);
  if (!child || tier.kind !== 'chain') throw coded(404, 'noChildTier', { tiers: tier.labels.plural });
  const parent = parseId(rawId) === caller.id && tier.role === caller.role ? await findRef(db, caller.id) : await loadManaged(db, caller, tier, rawId);
  if (!parent) throw notFound();
  return { parent, child };
}

/** The whole account family of one tier, from its registry entry. */
function tierRoutes(tier: TierDef, credit: CreditContext, realtime: Realtime) {
  const { db } = credit;
  // Both wallets of a movement are pushed to their owners' open back offices.
  const moved = (out: CreditOutcome) => {
    realtime.walletsChanged([out.data.sender._id, out.data.receiver?._id]);
    return { success: true, ...out };
  };
  return async (plain: FastifyInstance) => {
    const C = TIER_CREDIT_ENDPOINTS[tier.role];
    const A = TIER_ACCOUNT_ENDPOINTS[tier.role];
    serve(plain, A.create, async (req, reply) => {
      const rec = await createAccount(db, requireCaller(req), tier, body(req));
      reply.code(201);
      return { success: true, message: 'User created successfully!', data: rec };
    });

    serve(plain, A.list, async (req, reply) => {
      const caller = requireCaller(req);
      const root = await loadViewRoot(db, caller, req.query.id);
      const page = await listTier(db, caller, tier, root ? { underPath: root.path } : {}, req.query);
      return sendPage(reply, tier.role, page);
    });

    // Export to Excel: the whole list as the list reads it (the same checks), streamed.
    const X = TIER_EXPORT_ENDPOINTS[tier.role];
    if (X?.export)
      serve(plain, X.export, async (req, reply) => {
        const caller = requireCaller(req);
        const root = await loadViewRoot(db, caller, req.query.id);
        return sendExport(reply, await exportTier(db, caller, tier, root ? { underPath: root.path } : {}, req.query));
      });
    if (X?.childrenExport)
      serve(plain, X.childrenExport, async (req, reply) => {
        const caller = requireCaller(req);
        const { parent, child } = await parentFor(db, caller, tier, req.params.id);
        return sendExport(reply, await exportTier(db, caller, child, { underPath: parent.path, parentId: parent.id }, req.query));
      });

    serve(plain, C.loadCredit, async (req) => {
      const caller = requireCaller(req);
      const me = await getRecord(db, caller.id);
      return { success: true, data: [{ _id: me._id, walletBalance: me.walletBalance }] };
    });

    serve(plain, C.transfer, async (req) => moved(await transfer(credit, requireCaller(req), tier, checkedInput(req, req.body), idempotencyKey(req), trailOf(req))));

    serve(plain, C.adjust, async (req) => {
      return moved(await adjust(credit, requireCaller(req), tier, checkedInput(req, req.body), idempotencyKey(req)));
    });

    serve(plain, A.toggleStatus, async (req) => {
      const rec = await toggleStatus(db, requireCaller(req), tier, req.params.id, req.params.action);
      return { success: true, message: `User ${rec.username} has been successfully ${req.params.action}d.`, data: rec };
    });

    serve(plain, A.one, async (req) => {
      const ref = await loadReadable(db, requireCaller(req), tier, req.params.id);
      return { success: true, data: await getRecord(db, ref.id) };
    });

    serve(plain, A.update, async (req) => {
      const updates = updatesOf(req);
      const rec = await updateAccount(db, requireCaller(req), tier, req.params.id, updates);
      req.activitySubject = grantSubject(tier, updates, rec);
      return { success: true, message: tier.messages.updateSuccess, data: rec };
    });

    serve(plain, A.delete, async (req) => {
      const gone = await deleteAccount(db, requireCaller(req), tier, req.params.id);
      return { success: true, message: tier.messages.deleteSuccess, data: { _id: String(gone.id), username: gone.username } };
    });

    // Children: the accounts one level below an account of this tier.
    serve(plain, A.children, async (req, reply) => {
      const caller = requireCaller(req);
      const { parent, child } = await parentFor(db, caller, tier, req.params.id);
      const page = await listTier(db, caller, child, { underPath: parent.path, parentId: parent.id }, req.query);
      return sendPage(reply, child.role, page);
    });

    serve(plain, A.createChild, async (req, reply) => {
      const caller = requireCaller(req);
      const { parent, child } = await parentFor(db, caller, tier, req.params.id);
      const b = body(req);
      const data = (typeof b.childAdminData === 'object' && b.childAdminData !== null ? b.childAdminData : b) as Record<string, unknown>;
      const rec = await createAccount(db, caller, child, data, String(parent.id));
      reply.code(201);
      return { success: true, message: 'User created successfully!', data: rec };
    });

    const childOf = async (req: FastifyRequest, params: { id: string; childId: string }) => {
      const caller = requireCaller(req);
      const { parent, child } = await parentFor(db, caller, tier, params.id);
      return { caller, child, target: await loadChild(db, caller, parent, child, params.childId) };
    };

    serve(plain, A.child, async (req) => {
      const { target } = await childOf(req, req.params);
      return { success: true, data: await getRecord(db, target.id) };
    });

    serve(plain, A.updateChild, async (req) => {
      const { caller, child, target } = await childOf(req, req.params);
      const updates = updatesOf(req);
      const rec = await updateAccount(db, caller, child, String(target.id), updates);
      req.activitySubject = grantSubject(child, updates, rec);
      return { success: true, message: child.messages.updateSuccess, data: rec };
    });

    serve(plain, C.childTransfer, async (req) => {
      const { caller, child, target } = await childOf(req, req.params);
      return moved(await transfer(credit, caller, child, checkedInput(req, req.body), idempotencyKey(req), trailOf(req), target));
    });

    serve(plain, C.childAdjust, async (req) => {
      const { caller, child, target } = await childOf(req, req.params);
      return moved(await adjust(credit, caller, child, checkedInput(req, req.body), idempotencyKey(req), target));
    });

    serve(plain, A.toggleChild, async (req) => {
      const { caller, child, target } = await childOf(req, req.params);
      const rec = await toggleStatus(db, caller, child, String(target.id), req.params.action);
      return { success: true, message: `User ${rec.username} has been successfully ${req.params.action}d.`, data: rec };
    });

    serve(plain, A.deleteChild, async (req) => {
      const { caller, child, target } = await childOf(req, req.params);
      const gone = await deleteAccount(db, caller, child, String(target.id));
      return { success: true, message: child.messages.deleteSuccess, data: { _id: String(gone.id), username: gone.username } };
    });
  };
}

export async function accountRoutes(app: FastifyInstance, opts: { guard: GuardConfig }) {
  const credit: CreditContext = { db: app.db, guard: opts.guard };
  // Each declaration holds its tier's path: no prefix here.
  for (const tier of TIERS) await app.register(tierRoutes(tier, credit, app.realtime));
}
