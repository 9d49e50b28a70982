import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subject, type ActivitySubject } from '../../domain/activity';
import { childTierOf, TIERS, type AccountRecord, type TierDef } from '../../resources.config';
import type { Caller } from '../access/caller';
import { requireCaller } from '../access/caller';
import type { Database } from '../db/client';
import { coded, notFound } from '../http/errors';
import { sendPage } from '../http/list';
import { noBody } from '../http/schemas';
import { ACCOUNT_PATHS as P } from '../../domain/apiPaths';
import { adjust, transfer, type CreditContext } from '../credit/service';
import { TIER_CREDIT_ENDPOINTS } from './credit.endpoints';
import { serve } from '../http/endpoint';
import { checkedInput, INPUT_CHECKED_IN_HANDLER } from '../http/validated';
import { loadChild, loadManaged, loadReadable, loadViewRoot } from '../access/accounts';
import { findRef, parseId, type AccountRef } from './repository';
import type { CreditOutcome } from '../credit/service';
import { trailOf, transferRequest } from '../credit/fromRequest';
import type { GuardConfig } from '../access/guard';
import type { Realtime } from '../realtime/socket';
import { createAccount, deleteAccount, getRecord, listTier, toggleStatus, updateAccount } from './service';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  childCreateBody,
  childParams,
  childToggleParams,
  createBody,
  deletedReply,
  editBody,
  idParams,
  listQuery,
  listReply,
  recordReply,
  replies,
  toggleParams,
} from './schemas';


const idempotencyKey = (req: FastifyRequest): string | undefined => {
  const k = req.headers['idempotency-key'];
  const v = Array.isArray(k) ? k[0] : k;
  if (v === undefined || v === '') return undefined;
  if (v.length > 100) throw coded(400, 'idempotencyKeyTooLong');
  return v;
};

/**
 * An account form's refusals are answered by the call, which runs the route's form schema once it has
 * checked the caller's right to the account and completed the form (server/accounts/service.ts): the
 * route keeps its order of refusals (403, 404 before 400).
 */
const FORM_CHECKED_BY_THE_CALL = INPUT_CHECKED_IN_HANDLER;

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
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // Tiers without children keep the routes (they answer 404); their bodies are documented as the tier's own.
    const childTier = childTierOf(tier.role) ?? tier;
    const tags = [tier.role];
    const C = TIER_CREDIT_ENDPOINTS[tier.role];
    const at = (path: string) => `${tier.api}${path}`;
    app.post(at(P.create), { schema: { tags, body: createBody(tier), response: replies({ 201: recordReply }) }, ...FORM_CHECKED_BY_THE_CALL, config: { subject: subject('createAccount', { tier: tier.role }) } }, async (req, reply) => {
      const rec = await createAccount(db, requireCaller(req), tier, body(req));
      reply.code(201);
      return { success: true, message: 'User created successfully!', data: rec };
    });

    app.get(at(P.list), { schema: { tags, querystring: listQuery, response: replies({ 200: listReply }) } }, async (req, reply) => {
      const caller = requireCaller(req);
      const root = await loadViewRoot(db, caller, req.query.id);
      const page = await listTier(db, caller, tier, root ? { underPath: root.path } : {}, req.query);
      return sendPage(reply, tier.role, page);
    });

    serve(plain, C.loadCredit, async (req) => {
      const caller = requireCaller(req);
      const me = await getRecord(db, caller.id);
      return { success: true, data: [{ _id: me._id, walletBalance: me.walletBalance }] };
    });

    serve(plain, C.transfer, async (req) => moved(await transferRequest(credit, tier, req, { body: () => checkedInput(req, req.body), key: () => idempotencyKey(req) })));

    serve(plain, C.adjust, async (req) => {
      return moved(await adjust(credit, requireCaller(req), tier, checkedInput(req, req.body), idempotencyKey(req)));
    });

    app.patch(at(P.toggleStatus), { schema: { tags, params: toggleParams, body: noBody, response: replies({ 200: recordReply }) }, config: { subject: subject('toggleStatus', { tier: tier.role }), endsSessions: true } }, async (req) => {
      const rec = await toggleStatus(db, requireCaller(req), tier, req.params.id, req.params.action);
      return { success: true, message: `User ${rec.username} has been successfully ${req.params.action}d.`, data: rec };
    });

    app.get(at(P.one), { schema: { tags, params: idParams, response: replies({ 200: recordReply }) } }, async (req) => {
      const ref = await loadReadable(db, requireCaller(req), tier, req.params.id);
      return { success: true, data: await getRecord(db, ref.id) };
    });

    app.put(at(P.one), { schema: { tags, params: idParams, body: editBody(tier), response: replies({ 200: recordReply }) }, ...FORM_CHECKED_BY_THE_CALL, config: { subject: subject('updateAccount', { tier: tier.role }), endsSessions: true } }, async (req) => {
      const updates = updatesOf(req);
      const rec = await updateAccount(db, requireCaller(req), tier, req.params.id, updates);
      req.activitySubject = grantSubject(tier, updates, rec);
      return { success: true, message: tier.messages.updateSuccess, data: rec };
    });

    app.delete(at(P.one), { schema: { tags, params: idParams, response: replies({ 200: deletedReply }) }, config: { subject: subject('deleteAccount', { tier: tier.role }), endsSessions: true } }, async (req) => {
      const gone = await deleteAccount(db, requireCaller(req), tier, req.params.id);
      return { success: true, message: tier.messages.deleteSuccess, data: { _id: String(gone.id), username: gone.username } };
    });

    // Children: the accounts one level below an account of this tier.
    app.get(at(P.children), { schema: { tags, params: idParams, querystring: listQuery, response: replies({ 200: listReply }) } }, async (req, reply) => {
      const caller = requireCaller(req);
      const { parent, child } = await parentFor(db, caller, tier, req.params.id);
      const page = await listTier(db, caller, child, { underPath: parent.path, parentId: parent.id }, req.query);
      return sendPage(reply, child.role, page);
    });

    app.post(at(P.children), { schema: { tags, params: idParams, body: childCreateBody(childTier), response: replies({ 201: recordReply }) }, ...FORM_CHECKED_BY_THE_CALL, config: { subject: subject('createChild', { tier: tier.role }) } }, async (req, reply) => {
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

    app.get(at(P.child), { schema: { tags, params: childParams, response: replies({ 200: recordReply }) } }, async (req) => {
      const { target } = await childOf(req, req.params);
      return { success: true, data: await getRecord(db, target.id) };
    });

    app.put(at(P.child), { schema: { tags, params: childParams, body: editBody(childTier), response: replies({ 200: recordReply }) }, ...FORM_CHECKED_BY_THE_CALL, config: { subject: subject('updateChild', { tier: tier.role }), endsSessions: true } }, async (req) => {
      const { caller, child, target } = await childOf(req, req.params);
      const updates = updatesOf(req);
      const rec = await updateAccount(db, caller, child, String(target.id), updates);
      req.activitySubject = grantSubject(child, updates, rec);
      return { success: true, message: child.messages.updateSuccess, data: rec };
    });

    serve(
      plain,
      C.childTransfer,
      async (req) => {
        const usual = async () => {
          const { caller, child, target } = await childOf(req, req.params);
          return transfer(credit, caller, child, checkedInput(req, req.body), idempotencyKey(req), trailOf(req), target);
        };
        const read = { body: () => checkedInput(req, req.body), key: () => idempotencyKey(req) };
        const child = tier.kind === 'chain' ? childTierOf(tier.role) : null;
        const route = child && { parentId: req.params.id, childId: req.params.childId, tier };
        return moved(await transferRequest(credit, child ?? tier, req, read, { route, usual }));
      },
    );

    serve(plain, C.childAdjust, async (req) => {
      const { caller, child, target } = await childOf(req, req.params);
      return moved(await adjust(credit, caller, child, checkedInput(req, req.body), idempotencyKey(req), target));
    });

    app.patch(at(P.childToggleStatus), { schema: { tags, params: childToggleParams, body: noBody, response: replies({ 200: recordReply }) }, config: { subject: subject('toggleChild', { tier: tier.role }), endsSessions: true } }, async (req) => {
      const { caller, child, target } = await childOf(req, req.params);
      const rec = await toggleStatus(db, caller, child, String(target.id), req.params.action);
      return { success: true, message: `User ${rec.username} has been successfully ${req.params.action}d.`, data: rec };
    });

    app.delete(at(P.childDelete), { schema: { tags, params: childParams, response: replies({ 200: deletedReply }) }, config: { subject: subject('deleteChild', { tier: tier.role }), endsSessions: true } }, async (req) => {
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
