import type { FastifyInstance } from 'fastify';
import { coded } from '../http/errors';
import { serve } from '../http/endpoint';
import { parseId } from '../access/repository';
import { insertComplaint, listComplaints, setComplaintStatus } from './complaints.repository';
import { parseListQuery, sendPage } from '../http/list';
import { COMPLAINT_ENDPOINTS as E } from './complaints.endpoints';

export { ENQUIRY_TYPES } from './complaints.endpoints';

/** Contact Us: the handlers of the endpoints complaints.endpoints.ts declares. */
export async function complaintRoutes(app: FastifyInstance, opts: { perHour: number }) {
  const { db } = app;

  serve(
    app,
    E.send,
    async (req, reply) => {
      const row = await insertComplaint(db, req.body, req.ip);
      reply.code(201);
      return { success: true, message: 'Thank you: your message has been sent.', data: row };
    },
    { rateLimit: { max: opts.perHour, timeWindow: '1 hour' } },
  );

  serve(app, E.list, async (req, reply) => {
    const list = parseListQuery(req.query, { sortable: ['id', 'createdAt'], defaultSort: 'id', defaultOrder: 'DESC', maxBare: 10, maxPerPage: 100, defaultPerPage: 10 });
    const { rows, total } = await listComplaints(db, { limit: list.limit, offset: list.offset, order: list.order });
    const limit = list.limit;
    const page = Math.floor(list.offset / limit) + 1;
    const envelope = sendPage(reply, 'complaint', { data: rows, total, offset: list.offset });
    return {
      ...envelope,
      pagination: { totalComplaints: total, currentPage: page, totalPages: Math.max(1, Math.ceil(total / limit)), limit },
      totalComplaints: total,
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      limit,
    };
  });

  serve(app, E.setStatus, async (req) => {
    const id = parseId(req.params.id);
    const row = id === null ? null : await setComplaintStatus(db, id, req.body.status);
    if (!row) throw coded(404, 'complaintNotFound');
    return { success: true, message: 'Status updated.', data: row };
  });
}
