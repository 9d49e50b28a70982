import { z } from 'zod';
import { subject } from '../../domain/activity';
import { ACCOUNT_PATHS as P, API_PATHS } from '../../domain/apiPaths';
import { childTierOf, DASHBOARD_COUNTS, TIERS, type TierDef } from '../../resources.config';
import { endpoint } from '../http/endpoint';
import { ERROR_REPLIES, noBody, ok, queryText } from '../http/schemas';
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

/**
 * One tier's account family under the tier's path: its accounts, and the children of one of them.
 * The handlers answer who may read or change which account; an account form's refusals are answered
 * by the call, which runs the form schema once it has checked the caller's right to the account and
 * completed the form: a 403 or 404 comes before a 400 (input checked in the handler).
 */
function tierAccountEndpoints(tier: TierDef) {
  const tags = [tier.role];
  const at = (path: string) => `${tier.api}${path}`;
  const role = { tier: tier.role };
  // Tiers without children keep the routes (they answer 404); their bodies are documented as the tier's own.
  const childTier = childTierOf(tier.role) ?? tier;
  return {
    create: endpoint({
      method: 'POST',
      path: at(P.create),
      schema: { tags, body: createBody(tier), response: replies({ 201: recordReply }) },
      subject: subject('createAccount', role),
      inputCheckedInHandler: true,
    }),
    list: endpoint({ method: 'GET', path: at(P.list), schema: { tags, querystring: listQuery, response: replies({ 200: listReply }) } }),
    toggleStatus: endpoint({
      method: 'PATCH',
      path: at(P.toggleStatus),
      schema: { tags, params: toggleParams, body: noBody, response: replies({ 200: recordReply }) },
      subject: subject('toggleStatus', role),
      config: { endsSessions: true },
    }),
    one: endpoint({ method: 'GET', path: at(P.one), schema: { tags, params: idParams, response: replies({ 200: recordReply }) } }),
    update: endpoint({
      method: 'PUT',
      path: at(P.one),
      schema: { tags, params: idParams, body: editBody(tier), response: replies({ 200: recordReply }) },
      subject: subject('updateAccount', role),
      config: { endsSessions: true },
      inputCheckedInHandler: true,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: at(P.one),
      schema: { tags, params: idParams, response: replies({ 200: deletedReply }) },
      subject: subject('deleteAccount', role),
      config: { endsSessions: true },
    }),

    // Children: the accounts one level below an account of this tier.
    children: endpoint({ method: 'GET', path: at(P.children), schema: { tags, params: idParams, querystring: listQuery, response: replies({ 200: listReply }) } }),
    createChild: endpoint({
      method: 'POST',
      path: at(P.children),
      schema: { tags, params: idParams, body: childCreateBody(childTier), response: replies({ 201: recordReply }) },
      subject: subject('createChild', role),
      inputCheckedInHandler: true,
    }),
    child: endpoint({ method: 'GET', path: at(P.child), schema: { tags, params: childParams, response: replies({ 200: recordReply }) } }),
    updateChild: endpoint({
      method: 'PUT',
      path: at(P.child),
      schema: { tags, params: childParams, body: editBody(childTier), response: replies({ 200: recordReply }) },
      subject: subject('updateChild', role),
      config: { endsSessions: true },
      inputCheckedInHandler: true,
    }),
    toggleChild: endpoint({
      method: 'PATCH',
      path: at(P.childToggleStatus),
      schema: { tags, params: childToggleParams, body: noBody, response: replies({ 200: recordReply }) },
      subject: subject('toggleChild', role),
      config: { endsSessions: true },
    }),
    deleteChild: endpoint({
      method: 'DELETE',
      path: at(P.childDelete),
      schema: { tags, params: childParams, response: replies({ 200: deletedReply }) },
      subject: subject('deleteChild', role),
      config: { endsSessions: true },
    }),
  };
}

/** Every tier's account family, by role: declared once, so the routes and their checks share the very schemas. */
export const TIER_ACCOUNT_ENDPOINTS: Record<string, ReturnType<typeof tierAccountEndpoints>> = Object.fromEntries(TIERS.map((t) => [t.role, tierAccountEndpoints(t)]));

const gamesReply = ok(z.array(z.object({ _id: z.string(), gameId: z.string(), gameName: z.string() })));
const countsReply = z.looseObject({
  success: z.boolean(),
  ...Object.fromEntries(DASHBOARD_COUNTS.map((d) => [d.field, z.number().int()])),
});

/** Account calls outside the tier families: the dashboard's counts and an admin's games. */
export const ACCOUNT_ENDPOINTS = {
  counts: endpoint({
    method: 'GET',
    path: API_PATHS.userCount,
    schema: { tags: ['account'], querystring: z.looseObject({ id: queryText }), response: { ...ERROR_REPLIES, 200: countsReply } },
  }),
  // An admin's games; the superadmin's are the whole catalogue (it assigns them).
  games: endpoint({ method: 'GET', path: API_PATHS.userGames, schema: { tags: ['account'], params: idParams, response: { ...ERROR_REPLIES, 200: gamesReply } } }),
};
