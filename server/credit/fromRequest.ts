import type { FastifyRequest } from 'fastify';
import type { TierDef } from '../../resources.config';
import { requireCaller } from '../access/caller';
import { activitySubjectOf, subjectText } from '../activity/log';
import { knowSession, transfer, transferOnSession, type ChildRoute, type CreditContext, type CreditOutcome } from './service';
import type { RequestTrail } from './transferCall';
import type { TransferBody } from './schemas';

/** The activity row the app's onResponse hook would write for this request, for a route that writes it itself. */
export const trailOf = (req: FastifyRequest): RequestTrail => ({
  subject: subjectText(activitySubjectOf(req)),
  requestUrl: req.url,
  method: req.method,
  ip: req.ip,
  written: () => {
    req.activityWritten = true;
  },
});

/**
 * POST …/credit-transfer and …/:id/children/:childId/credit-transfer (`checksSession` routes): first
 * the one-call path, session check included; when it declines, the session is resolved as the auth
 * hook would have and the usual path answers (`usual`, by default the tier route's), with the usual
 * order of errors (session, body, key, then the transfer's own).
 */
export async function transferRequest(
  credit: CreditContext,
  tier: TierDef,
  req: FastifyRequest,
  read: { body: () => TransferBody; key: () => string | undefined },
  child?: { route: ChildRoute | null; usual: () => Promise<CreditOutcome> },
): Promise<CreditOutcome> {
  const session = req.deferredSession;
  if (session) {
    // A child route without a child tier has no one-call path: its usual path answers the 404.
    const fast = child?.route === null ? null : await transferOnSession(credit, session, tier, () => ({ body: read.body(), key: read.key(), trail: trailOf(req) }), child?.route);
    if (fast) return fast;
    const caller = await session.resume();
    if (caller) knowSession(session.tokenHash, caller);
  }
  return child ? child.usual() : transfer(credit, requireCaller(req), tier, read.body(), read.key(), trailOf(req));
}
