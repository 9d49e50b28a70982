import type { FastifyInstance, FastifyReply } from 'fastify';
import { dayRange, parseDate } from '../../domain/periods';
import { requireCaller, type Caller } from '../access/caller';
import { findRef, parseId } from '../access/repository';
import { coded, notFound } from '../http/errors';
import { serve } from '../http/endpoint';
import { LOG_ENDPOINTS as E, type LogQuery } from './logs.endpoints';
import { parseListQuery, sendPage } from '../http/list';
import { ROOT_TIER } from '../../resources.config';
import { exportLogs, findLog, listLogs, type LogFilter } from './logs.repository';
import { ENGLISH_ACTIVITY, writeActivity } from '../activity/log';
import { renderOutcome, subject } from '../../domain/activity';
import { csvText } from '../../domain/csv';


/**
 * The rows a caller may read: those of its subtree (itself included); the superadmin also reads the
 * rows of no account (failed logins of unknown names).
 */
function filterOf(caller: Caller, q: LogQuery, accountId?: number): LogFilter {
  const one = q.date ? parseDate(q.date) : null;
  const from = one ?? (q.startDate ? parseDate(q.startDate) : null);
  const to = one ?? (q.endDate ? parseDate(q.endDate) : null);
  if ((q.date && !one) || (q.startDate && !from) || (q.endDate && !to)) throw coded(400, 'dateNotValid', {}, 'date');
  return {
    underPath: caller.path,
    withoutAccount: caller.role === ROOT_TIER.role,
    accountId,
    search: q.search,
    range: from || to ? dayRange(from ?? new Date(0), to ?? new Date()) : undefined,
  };
}

const CSV_MAX = 100_000;

/** Log Activities: the caller's subtree, newest first, paged; CSV of the whole filtered set. */
export async function logRoutes(app: FastifyInstance) {
  const { db } = app;
  const list = async (caller: Caller, q: LogQuery, reply: FastifyReply, userId?: number) => {
    const page = parseListQuery(q, { sortable: ['id', 'createdAt'], defaultSort: 'id', defaultOrder: 'DESC', maxBare: 25, maxPerPage: 500, defaultPerPage: 25 });
    const filter = filterOf(caller, { ...q, search: q.search ?? page.search }, userId);
    const { rows, total } = await listLogs(db, filter, { limit: page.limit, offset: page.offset, order: page.order });
    return sendPage(reply, 'logs', { data: rows, total, offset: page.offset });
  };

  serve(app, E.list, async (req, reply) => list(requireCaller(req), req.query, reply));
  serve(app, E.activityLogs, async (req, reply) => list(requireCaller(req), req.query, reply));

  serve(
    app,
    E.export,
    async (req, reply) => {
      const caller = requireCaller(req);
      const rows = await exportLogs(db, filterOf(caller, req.query), CSV_MAX);
      if (req.query.format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify({ success: true, data: rows }));
      const body = csvText(
        ['createdAt', 'username', 'subject', 'outcome', 'method', 'requestUrl', 'ipAddress'],
        rows.map((x) => [x.createdAt, x.username, x.subject, renderOutcome(x.outcome, ENGLISH_ACTIVITY), x.method, x.requestUrl, x.ipAddress]),
      );
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="logs.csv"').send(body);
    },
  );

  serve(app, E.one, async (req) => {
    const caller = requireCaller(req);
    const id = parseId(req.params.id);
    const filter = filterOf(caller, { page: 1, limit: 1 });
    const row = id === null ? null : await findLog(db, id, filter);
    if (!row) throw coded(404, 'logNotFound');
    return { success: true, data: row };
  });

  serve(app, E.user, async (req, reply) => {
    const caller = requireCaller(req);
    const user = await findRef(db, parseId(req.params.userId));
    if (!user || !(user.id === caller.id || user.path.startsWith(caller.path))) throw notFound();
    return list(caller, req.query, reply, user.id);
  });

  serve(
    app,
    E.screenEvent,
    async (req, reply) => {
      const caller = requireCaller(req);
      const name = (req.body?.subject ?? 'event').replace(/[\u0000-\u001f]/g, ' ');
      await writeActivity(db, { accountId: caller.id, username: caller.username, subject: subject('screenEvent', { name }), outcome: { status: 201 }, requestUrl: req.url, method: req.method, ip: req.ip });
      reply.code(201);
      return { success: true };
    },
  );
}
