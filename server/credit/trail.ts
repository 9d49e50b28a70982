import type { FastifyRequest } from 'fastify';
import type { RequestTrail } from './transferCall';

/** The activity row the app's onResponse hook would write for this request, for a route that writes it itself. */
export const trailOf = (req: FastifyRequest): RequestTrail => ({
  subject: req.activitySubject ?? req.routeOptions.config?.subject ?? `${req.method} ${req.routeOptions.url ?? req.url}`,
  requestUrl: req.url,
  method: req.method,
  ip: req.ip,
  written: () => {
    req.activityWritten = true;
  },
});
