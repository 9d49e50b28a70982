import type { FastifyRequest } from 'fastify';
import { activitySubjectOf, subjectText } from '../activity/log';
import type { RequestTrail } from './transferCall';

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
