import { z } from 'zod';
import { subject } from '../../domain/activity';
import { COMPLAINT_STATUSES } from '../../domain/api';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { schemaMessage } from '../http/schemaMessages';
import { ERROR_REPLIES, ok, page, pageParams, RATE_LIMITED } from '../http/schemas';
import { complaintRow } from './schemas';

export const ENQUIRY_TYPES = ['General', 'Account', 'Payment', 'Technical', 'Other'] as const;

const text = (label: string, max: number) =>
  z.string({ error: schemaMessage('required', { field: label }) }).trim().min(1, schemaMessage('required', { field: label })).max(max, schemaMessage('fieldMaxChars', { field: label, max }));

/** Contact Us's endpoints: the landing page's form (no session) and the list the superadmin and the admins read (the registry's `contactus` page). */
export const COMPLAINT_ENDPOINTS = {
  send: endpoint({
    method: 'POST',
    path: API_PATHS.complaints,
    schema: {
      body: z.object({
        enquiryType: z.enum(ENQUIRY_TYPES, { error: schemaMessage('enquiryTypeOneOf', { types: ENQUIRY_TYPES.join(', ') }) }),
        fullName: text('Full name', 100),
        email: text('Email', 200).pipe(z.email(schemaMessage('emailNotValid'))),
        mobile: text('Mobile', 20).regex(/^\+?[0-9 ]{7,20}$/, schemaMessage('mobileDigits')),
        complaintDetails: text('Details', 2000),
      }),
      response: { ...ERROR_REPLIES, ...RATE_LIMITED, 201: ok(complaintRow) },
    },
    subject: subject('contactMessage'),
  }),

  list: endpoint({
    method: 'GET',
    path: API_PATHS.complaints,
    schema: {
      querystring: z.object({
        ...pageParams(10, 100),
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
    page: 'contactus',
  }),

  setStatus: endpoint({
    method: 'PATCH',
    path: API_PATHS.complaintStatus,
    schema: {
      params: z.object({ id: z.string() }),
      body: z.object({ status: z.enum(COMPLAINT_STATUSES, { error: schemaMessage('complaintStatusValue') }) }),
      response: { ...ERROR_REPLIES, 200: ok(complaintRow) },
    },
    page: 'contactus',
    subject: subject('messageStatus'),
  }),
};
