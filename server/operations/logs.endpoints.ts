import { z } from 'zod';
import { subject } from '../../domain/activity';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { schemaMessage } from '../http/schemaMessages';
import { binary, done, ERROR_REPLIES, ok, page, pageParams, queryDate } from '../http/schemas';
import { logRow } from './schemas';

const logQuery = z.object({
  ...pageParams(25),
  // react-admin's simple-rest parameters (the resource's REST shape): sort, range, filter {q}.
  sort: z.string().max(100).optional(),
  order: z.string().max(4).optional(),
  range: z.string().max(100).optional(),
  filter: z.string().max(500).optional(),
  search: z.string().max(100).optional(),
  date: queryDate,
  startDate: queryDate,
  endDate: queryDate,
});
export type LogQuery = z.infer<typeof logQuery>;
const pageReplies = { ...ERROR_REPLIES, 200: page(logRow) };
// Both paths of the list share one contract.
const listSchema = { querystring: logQuery, response: pageReplies };

/** Log Activities (every call but the screen event serves its page), and the back office's screen events. */
export const LOG_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: API_PATHS.logs, schema: listSchema, page: 'logactivities' }),
  activityLogs: endpoint({ method: 'GET', path: API_PATHS.activityLogs, schema: listSchema, page: 'logactivities' }),

  // The CSV in English (the server's language); `format=json` gives the same rows by code, from which
  // the client writes the reader's CSV in the reader's language.
  export: endpoint({
    method: 'GET',
    path: API_PATHS.logsExport,
    schema: {
      querystring: logQuery.extend({ format: z.enum(['csv', 'json']).default('csv') }),
      response: {
        ...ERROR_REPLIES,
        200: {
          description: 'The filtered rows as CSV; with format=json, as rows by code',
          content: { 'text/csv': { schema: binary() }, 'application/json': { schema: ok(z.array(logRow)) } },
        },
      },
    },
    page: 'logactivities',
  }),

  one: endpoint({ method: 'GET', path: API_PATHS.logById, schema: { params: z.object({ id: z.string() }), response: { ...ERROR_REPLIES, 200: ok(logRow) } }, page: 'logactivities' }),

  user: endpoint({
    method: 'GET',
    path: API_PATHS.userLogs,
    schema: { params: z.object({ userId: z.string() }), querystring: logQuery, response: pageReplies },
    page: 'logactivities',
  }),

  // A screen event from the back office: identity, address and time come from the server, and only
  // a short subject from the client; no body is stored. Written by the handler, not by the activity
  // hook after the answer (`log: false`): a 201 means the row is there.
  screenEvent: endpoint({
    method: 'POST',
    path: API_PATHS.logUserActivity,
    schema: {
      body: z
        .object({ subject: z.string().trim().min(1, schemaMessage('required', { field: 'subject' })).max(120) })
        .passthrough()
        .optional(),
      response: { ...ERROR_REPLIES, 201: done },
    },
    subject: subject('screenEvent'),
    config: { log: false },
  }),
};
