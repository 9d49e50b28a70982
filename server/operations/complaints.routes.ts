import type { FastifyInstance } from 'fastify';
import { subject } from '../../domain/activity';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coded } from '../http/errors';
import { schemaMessage } from '../http/schemaMessages';
import { parseId } from '../access/repository';
import { insertComplaint, listComplaints, setComplaintStatus } from './complaints.repository';
import { parseListQuery, sendPage } from '../http/list';
import { API_PATHS } from '../../domain/apiPaths';
import { COMPLAINT_STATUSES } from '../../domain/api';
import { ERROR_REPLIES, ok, page } from '../http/schemas';
import { complaintRow } from './schemas';

export const ENQUIRY_TYPES = ['General', 'Account', 'Payment', 'Technical', 'Other'] as const;
/** Who reads the messages (spec: the superadmin and the admins). */

const text = (label: string, max: number) =>
  z.string({ error: schemaMessage('required', { field: label }) }).trim().min(1, schemaMessage('required', { field: label })).max(max, schemaMessage('fieldMaxChars', { field: label, max }));
const complaintBody = z.object({
  enquiryType: z.enum(ENQUIRY_TYPES, { error: schemaMessage('enquiryTypeOneOf', { types: ENQUIRY_TYPES.join(', ') }) }),
  fullName: text('Full name', 100),
  email: text('Email', 200).pipe(z.email(schemaMessage('emailNotValid'))),
  mobile: text('Mobile', 20).regex(/^\+?[0-9 ]{7,20}$/, schemaMessage('mobileDigits')),
  complaintDetails: text('Details', 2000),
});

/** Contact Us: the landing page's form (no session) and the superadmin's and admins' list. */
export async function complaintRoutes(app: FastifyInstance, opts: { perHour: number }) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.complaints,
    { schema: { body: complaintBody, response: { ...ERROR_REPLIES, 201: ok(complaintRow) } }, config: { subject: subject('contactMessage'), rateLimit: { max: opts.perHour, timeWindow: '1 hour' } } },
    async (req, reply) => {
      const b = req.body;
      const row = await insertComplaint(db, b, req.ip);
      reply.code(201);
      return { success: true, message: 'Thank you: your message has been sent.', data: row };
    },
  );

  r.get(
    API_PATHS.complaints,
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(10),
          // react-admin's simple-rest parameters (the resource's REST shape).
          sort: z.string().max(100).optional(),
          order: z.string().max(4).optional(),
          range: z.string().max(100).optional(),
          filter: z.string().max(500).optional(),
        }),
        response: {
          ...ERROR_REPLIES,
          200: page(complaintRow).extend({
            pagination: z.object({ totalComplaints: z.number().int(), currentPage: z.number().int(), totalPages: z.number().int(), limit: z.number().int() }),
            totalComplaints: z.number().int(),
            currentPage: z.number().int(),
            totalPages: z.number().int(),
            limit: z.number().int(),
          }),
        },
      },
      config: { page: 'contactus' },
    },
    async (req, reply) => {
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
    },
  );

  r.patch(
    API_PATHS.complaintStatus,
    { schema: { params: z.object({ id: z.string() }), body: z.object({ status: z.enum(COMPLAINT_STATUSES, { error: schemaMessage('complaintStatusValue') }) }), response: { ...ERROR_REPLIES, 200: ok(complaintRow) } }, config: { page: 'contactus', subject: subject('messageStatus') } },
    async (req) => {
      const id = parseId(req.params.id);
      const row = id === null ? null : await setComplaintStatus(db, id, req.body.status);
      if (!row) throw coded(404, 'complaintNotFound');
      return { success: true, message: 'Status updated.', data: row };
    },
  );
}
