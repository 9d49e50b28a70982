import { z } from 'zod';
import { subject } from '../../domain/activity';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { pickerQuery } from '../http/picker';
import { pageParams, queryDate } from '../http/schemas';
import { REPORT_REPLIES } from './schemas';

/** A report's period and the account it looks at (the caller's own when no id). */
export const reportQuery = z.object({
  role: z.string().optional(),
  id: z.string().optional(),
  startDate: queryDate,
  endDate: queryDate,
});
export type ReportQuery = z.infer<typeof reportQuery>;

const commissionDays = z.object({ days: z.enum(['day', 'week'], { error: 'days is day or week' }).default('day') });

/** A page of a report whose rows are many (one per earning account): the first 100 when none is asked. */
const EARNERS_PAGE = pageParams(100);

/**
 * The reports outside the registry's table reports (resources/reports.ts declares those): the
 * dashboard's chart, pending commission, commission send and its preview, the transaction report and
 * the report screens' user picker. Who may call them beyond a page's roles is the handler's to answer.
 */
export const REPORT_ENDPOINTS = {
  dailyPlay: endpoint({
    method: 'GET',
    path: API_PATHS.dailyPlay,
    schema: {
      querystring: z.object({ id: z.string().optional(), days: z.coerce.number({ error: 'days is a number' }).int().min(1, 'days is 1 to 90').max(90, 'days is 1 to 90').default(14) }),
      response: REPORT_REPLIES.dailyPlay,
    },
  }),

  pending: endpoint({
    method: 'GET',
    path: API_PATHS.commissionPayout,
    schema: { querystring: reportQuery.extend(EARNERS_PAGE), response: REPORT_REPLIES.pending },
    page: 'commissionpayoutReport',
  }),

  // Read only: what Send would pay for the period, shown before it is pressed (no step-up: nothing moves).
  preview: endpoint({
    method: 'GET',
    path: API_PATHS.sendCommissionPreview,
    schema: { querystring: commissionDays.extend(EARNERS_PAGE), response: REPORT_REPLIES.preview },
    page: 'commission',
  }),

  send: endpoint({
    method: 'GET',
    path: API_PATHS.sendCommission,
    schema: { querystring: commissionDays, response: REPORT_REPLIES.send },
    page: 'commission',
    subject: subject('commissionSend'),
    config: { log: true },
  }),

  transactions: endpoint({
    method: 'GET',
    path: API_PATHS.transactionReport,
    schema: {
      querystring: reportQuery.extend({
        status: z.enum(['completed', 'pending', 'cancelled']).optional().or(z.literal('').transform(() => undefined)),
        date: queryDate,
        currentid: z.string().optional(),
        type: z.enum(['single', 'all']).default('all'),
        ...pageParams(50),
      }),
      response: REPORT_REPLIES.transactions,
    },
    page: 'transactionreport',
  }),

  users: endpoint({ method: 'GET', path: API_PATHS.reportUsers, schema: { querystring: reportQuery.extend(pickerQuery.shape), response: REPORT_REPLIES.users } }),
};
