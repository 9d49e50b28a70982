import type { FastifyInstance, FastifyRequest } from 'fastify';
import { childTierOf, TIERS, type TierDef } from '../../resources.config';
import type { Caller } from '../auth/caller';
import { requireCaller } from '../auth/plugin';
import type { Database } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { sendPage } from '../http/list';
import { adjust, transfer, type CreditBody } from '../credit/service';
import { loadChild, loadManaged, loadReadable, loadViewRoot } from './access';
import { findRef, parseId, type AccountRef } from './repository';
import type { Realtime } from '../realtime/socket';
import type { CreditOutcome } from '../credit/service';
import { createAccount, deleteAccount, getRecord, listTier, toggleStatus, updateAccount, type ListParams } from './service';

type Params = { id: string; childId: string; action: string };
type Req = FastifyRequest<{ Params: Params; Querystring: ListParams & { id?: string; role?: string }; Body: Record<string, unknown> | undefined }>;

const idempotencyKey = (req: FastifyRequest): string | undefined => {
  const k = req.headers['idempotency-key'];
  const v = Array.isArray(k) ? k[0] : k;
  if (v === undefined || v === '') return undefined;
  if (v.length > 100) throw badRequest('Idempotency-Key is too long (100 characters at most).');
  return v;
};

const body = (req: Req): Record<string, unknown> => {
  const b = req.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw badRequest('The request body must be a JSON object.');
  return b;
};

/** Edit payloads are `{updatedFields}`; a flat body is accepted too. */
const updatesOf = (req: Req): Record<string, unknown> => {
  const b = body(req);
  const u = b.updatedFields ?? b;
  if (typeof u !== 'object' || u === null || Array.isArray(u)) throw badRequest('updatedFields must be an object.', 'updatedFields');
  return u as Record<string, unknown>;
};

/** The account whose children a children-call addresses: the caller itself, or one of this tier it manages. */
async function parentFor(db: Database, caller: Caller, tier: TierDef, rawId: unknown): Promise<{ parent: AccountRef; child: TierDef }> {
  const child = childTierOf(tier.role);
  if (!child || tier.kind !== 'chain') throw notFound(`${tier.labels.plural} accounts have no accounts below them.`);
  const parent = parseId(rawId) === caller.id && tier.role === caller.role ? await findRef(db, caller.id) : await loadManaged(db, caller, tier, rawId);
  if (!parent) throw notFound();
  return { parent, child };
}

/** The whole account family of one tier, from its registry entry. */
function tierRoutes(tier: TierDef, db: Database, realtime: Realtime) {
  // Both wallets of a movement are pushed to their owners' open back offices.
  const moved = (out: CreditOutcome) => {
    realtime.walletsChanged([out.data.sender._id, out.data.receiver?._id]);
    return { success: true, ...out };
  };
  return async (app: FastifyInstance) => {
    app.post('/create', { config: { subject: `Create ${tier.role}` } }, async (req: Req, reply) => {
      const rec = await createAccount(db, requireCaller(req), tier, body(req));
      reply.code(201);
      return { success: true, message: 'User created successfully!', data: rec };
    });

    app.get('/all', async (req: Req, reply) => {
      const caller = requireCaller(req);
      const root = await loadViewRoot(db, caller, req.query.id);
      const page = await listTier(db, caller, tier, root ? { underPath: root.path } : {}, req.query);
      return sendPage(reply, tier.role, page);
    });

    app.get('/loadcredit/:id', async (req: Req) => {
      const caller = requireCaller(req);
      const me = await getRecord(db, caller.id);
      return { success: true, data: [{ _id: me._id, walletBalance: me.walletBalance }] };
    });

    app.post('/credit-transfer', { config: { subject: `Credit transfer to ${tier.role}` } }, async (req: Req) => {
      return moved(await transfer(db, requireCaller(req), tier, body(req) as CreditBody, idempotencyKey(req)));
    });

    app.post('/credit-adjust', { config: { subject: `Credit adjust of ${tier.role}` } }, async (req: Req) => {
      return moved(await adjust(db, requireCaller(req), tier, body(req) as CreditBody, idempotencyKey(req)));
    });

    app.patch('/toggle-status/:id/:action', { config: { subject: `Toggle ${tier.role} status` } }, async (req: Req) => {
      const rec = await toggleStatus(db, requireCaller(req), tier, req.params.id, req.params.action);
      return { success: true, message: `User ${rec._id} has been successfully ${req.params.action}d.`, data: rec };
    });

    app.get('/:id', async (req: Req) => {
      const ref = await loadReadable(db, requireCaller(req), tier, req.params.id);
      return { success: true, data: await getRecord(db, ref.id) };
    });

    app.put('/:id', { config: { subject: `Update ${tier.role}` } }, async (req: Req) => {
      const rec = await updateAccount(db, requireCaller(req), tier, req.params.id, updatesOf(req));
      return { success: true, message: tier.messages.updateSuccess, data: rec };
    });

    app.delete('/:id', { config: { subject: `Delete ${tier.role}` } }, async (req: Req) => {
      const gone = await deleteAccount(db, requireCaller(req), tier, req.params.id);
      return { success: true, message: tier.messages.deleteSuccess, data: { _id: String(gone.id), username: gone.username } };
    });

    // Children: the accounts one level below an account of this tier.
    app.get('/:id/children', async (req: Req, reply) => {
      const caller = requireCaller(req);
      const { parent, child } = await parentFor(db, caller, tier, req.params.id);
      const page = await listTier(db, caller, child, { underPath: parent.path, parentId: parent.id }, req.query);
      return sendPage(reply, child.role, page);
    });

    app.post('/:id/children', { config: { subject: `Create child of ${tier.role}` } }, async (req: Req, reply) => {
      const caller = requireCaller(req);
      const { parent, child } = await parentFor(db, caller, tier, req.params.id);
      const b = body(req);
      const data = (typeof b.childAdminData === 'object' && b.childAdminData !== null ? b.childAdminData : b) as Record<string, unknown>;
      const rec = await createAccount(db, caller, child, data, String(parent.id));
      reply.code(201);
      return { success: true, message: 'User created successfully!', data: rec };
    });

    const childOf = async (req: Req) => {
      const caller = requireCaller(req);
      const { parent, child } = await parentFor(db, caller, tier, req.params.id);
      return { caller, child, target: await loadChild(db, caller, parent, child, req.params.childId) };
    };

    app.get('/:id/children/:childId', async (req: Req) => {
      const { target } = await childOf(req);
      return { success: true, data: await getRecord(db, target.id) };
    });

    app.put('/:id/children/:childId', { config: { subject: `Update child of ${tier.role}` } }, async (req: Req) => {
      const { caller, child, target } = await childOf(req);
      const rec = await updateAccount(db, caller, child, String(target.id), updatesOf(req));
      return { success: true, message: child.messages.updateSuccess, data: rec };
    });

    app.post('/:id/children/:childId/credit-transfer', { config: { subject: `Credit transfer to child of ${tier.role}` } }, async (req: Req) => {
      const { caller, child, target } = await childOf(req);
      return moved(await transfer(db, caller, child, body(req) as CreditBody, idempotencyKey(req), target));
    });

    app.post('/:id/children/:childId/credit-adjust', { config: { subject: `Credit adjust of child of ${tier.role}` } }, async (req: Req) => {
      const { caller, child, target } = await childOf(req);
      return moved(await adjust(db, caller, child, body(req) as CreditBody, idempotencyKey(req), target));
    });

    app.patch('/:id/children/:childId/toggle-status/:action', { config: { subject: `Toggle child of ${tier.role}` } }, async (req: Req) => {
      const { caller, child, target } = await childOf(req);
      const rec = await toggleStatus(db, caller, child, String(target.id), req.params.action);
      return { success: true, message: `User ${rec._id} has been successfully ${req.params.action}d.`, data: rec };
    });

    app.delete('/:id/children/delete/:childId', { config: { subject: `Delete child of ${tier.role}` } }, async (req: Req) => {
      const { caller, child, target } = await childOf(req);
      const gone = await deleteAccount(db, caller, child, String(target.id));
      return { success: true, message: child.messages.deleteSuccess, data: { _id: String(gone.id), username: gone.username } };
    });
  };
}

export async function accountRoutes(app: FastifyInstance, opts: { db: Database; realtime: Realtime }) {
  for (const tier of TIERS) await app.register(tierRoutes(tier, opts.db, opts.realtime), { prefix: tier.api });
}
