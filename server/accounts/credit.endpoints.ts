import { z } from 'zod';
import { subject } from '../../domain/activity';
import { ACCOUNT_PATHS as P, API_PATHS } from '../../domain/apiPaths';
import { TIERS, type TierDef } from '../../resources.config';
import { childParams, creditReply, idParams, replies, walletReply } from './schemas';
import { endpoint } from '../http/endpoint';
import { ERROR_REPLIES, queryText } from '../http/schemas';
import { adjustBody, transferBody } from '../credit/schemas';

/**
 * One tier's credit calls, under the tier's path: its wallet, Credit Transfer and Adjust for an account
 * of the tier, and for a child of one. The handlers answer who may move whose credit (the caller's own
 * subtree, its password and its session), after which the body is read: the input is checked in the handler.
 */
function tierCreditEndpoints(tier: TierDef) {
  const tags = [tier.role];
  const at = (path: string) => `${tier.api}${path}`;
  return {
    loadCredit: endpoint({ method: 'GET', path: at(P.loadCredit), schema: { tags, params: idParams, response: replies({ 200: walletReply }) } }),

    transfer: endpoint({
      method: 'POST',
      path: at(P.creditTransfer),
      schema: { tags, body: transferBody, response: replies({ 200: creditReply }) },
      subject: subject('creditTransfer', { tier: tier.role }),
      inputCheckedInHandler: true,
    }),

    adjust: endpoint({
      method: 'POST',
      path: at(P.creditAdjust),
      schema: { tags, body: adjustBody, response: replies({ 200: creditReply }) },
      subject: subject('creditAdjust', { tier: tier.role }),
      inputCheckedInHandler: true,
    }),

    childTransfer: endpoint({
      method: 'POST',
      path: at(P.childCreditTransfer),
      schema: { tags, params: childParams, body: transferBody, response: replies({ 200: creditReply }) },
      subject: subject('creditTransferChild', { tier: tier.role }),
      inputCheckedInHandler: true,
    }),

    childAdjust: endpoint({
      method: 'POST',
      path: at(P.childCreditAdjust),
      schema: { tags, params: childParams, body: adjustBody, response: replies({ 200: creditReply }) },
      subject: subject('creditAdjustChild', { tier: tier.role }),
      inputCheckedInHandler: true,
    }),
  };
}

/** Every tier's credit calls, by role: declared once, so the routes and their checks share the very schemas. */
export const TIER_CREDIT_ENDPOINTS: Record<string, ReturnType<typeof tierCreditEndpoints>> = Object.fromEntries(TIERS.map((t) => [t.role, tierCreditEndpoints(t)]));

/** The caller's own wallet (My Credit). */
export const CREDIT_ENDPOINTS = {
  // The client names the logged-in account in `id`, as the API always had it; the answer is the caller's own wallet whatever it names.
  myCredit: endpoint({
    method: 'GET',
    path: API_PATHS.myCredit,
    schema: { tags: ['account'], querystring: z.looseObject({ id: queryText.describe('The logged-in account (the answer is always the caller’s own)') }), response: { ...ERROR_REPLIES, 200: walletReply } },
  }),
};
