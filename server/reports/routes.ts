import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { centsToPoints } from '../../domain/money';
import { dayKey, dayRange, lastDays, parseDate } from '../../domain/periods';
import { CHAIN, childTierOf, isStaff, pageOfReport, REPORTS, type PageKey, type ReportDef, type Role } from '../../resources.config';
import { requireCaller, requireRecentStepUp } from '../auth/plugin';
import type { Caller } from '../access/caller';
import { loadViewRoot } from '../access/accounts';
import { findRef, type AccountRef } from '../accounts/repository';
import type { Database } from '../db/client';
import { endpoint, serve } from '../http/endpoint';
import { coded, forbidden } from '../http/errors';
import { pageOfRows } from '../http/list';
import { ERROR_REPLIES } from '../http/schemas';
import { pendingCommissions, previewCommission, sendCommission } from './commission';
import { REPORT_QUERIES } from './queries';
import { accountsUnder, playByDay } from './repository';
import { transactionsOf } from './transactions';
import type { DayRange } from './turnover';
import { REPORT_ENDPOINTS as E, reportQuery, type ReportQuery } from './endpoints';

/** The period's calendar days; no dates is today. Figures are kept per day, so a range covers whole days. */
export function daysOf(q: { startDate?: string | undefined; endDate?: string | undefined }, now = new Date()): DayRange {
  const start = q.startDate ? parseDate(q.startDate) : dayRange(now, now).start;
  const end = q.endDate ? parseDate(q.endDate) : dayRange(now, now).end;
  if (!start) throw coded(400, 'namedDateNotValid', { name: 'startDate' }, 'startDate');
  if (!end) throw coded(400, 'namedDateNotValid', { name: 'endDate' }, 'endDate');
  return { from: dayKey(start), to: dayKey(end) };
}

/** The account a report looks at: the caller, or one of its subtree (403 outside it). */
async function viewOf(db: Database, caller: Caller, q: ReportQuery): Promise<AccountRef> {
  const view = (await loadViewRoot(db, caller, q.id)) ?? (await findRef(db, caller.id));
  if (!view) throw forbidden();
  if (q.role && q.role !== view.role) throw coded(400, 'reportRoleMismatch', { username: view.username, role: q.role }, 'role');
  return view;
}

/**
 * A table report's endpoint, from its declaration: GET its path with the period query (and its own
 * parameters), answering its declared reply to the roles of its page.
 */
export function reportEndpoint(def: ReportDef) {
  // The period and the account stay typed; a report's own parameters reach its query as checked values.
  const querystring: z.ZodType<ReportQuery & Readonly<Record<string, unknown>>> = def.params ? reportQuery.extend(def.params(z)) : reportQuery;
  // The rows as the query gives them; the declared schema checks them on the way out.
  const reply: z.ZodType<{ data: readonly unknown[] }> = def.reply(z);
  return endpoint({ method: 'GET', path: def.api, schema: { querystring, response: { ...ERROR_REPLIES, 200: reply } }, page: pageOfReport(def) as PageKey });
}

/** The table reports (turnover, revenue, admin commission and any other declared) and the dashboard's chart, from the per-day play of the players. */
export async function reportRoutes(app: FastifyInstance) {
  const { db } = app;
  // The table reports, each from its declaration: path, schemas and page; its query by its key.
  for (const def of REPORTS) {
    const query = REPORT_QUERIES[def.key];
    if (!query) throw new Error(`The report ${def.key} has no query in server/reports/queries.ts.`);
    serve(app, reportEndpoint(def), async (req) => {
      const caller = requireCaller(req);
      const view = await viewOf(db, caller, req.query);
      return { success: true, ...(await query({ db, view, days: daysOf(req.query), query: req.query })) };
    });
  }

  // The dashboard's chart: play, win and net per day of the caller's subtree (or of `id` in it).
  serve(app, E.dailyPlay, async (req) => {
    const caller = requireCaller(req);
    if (!isStaff(caller.role)) throw coded(403, 'staffReportsOnly');
    const view = await viewOf(db, caller, { id: req.query.id });
    const keys = lastDays(new Date(), req.query.days);
    const found = await playByDay(db, view, { from: keys[0]!, to: keys[keys.length - 1]! });
    return {
      success: true,
      data: keys.map((day) => {
        const f = found.get(day) ?? { playCents: 0n, winCents: 0n };
        return { day, playPoints: centsToPoints(f.playCents), winPoints: centsToPoints(f.winCents), endPoints: centsToPoints(f.playCents - f.winCents) };
      }),
    };
  });
}

/** Pending commission, commission send, the transaction report and the user filter of report screens. */
export async function commissionRoutes(app: FastifyInstance) {
  const { db, realtime } = app;

  serve(app, E.pending, async (req) => {
    const caller = requireCaller(req);
    const view = (await loadViewRoot(db, caller, req.query.id)) ?? (await findRef(db, caller.id));
    if (!view) throw forbidden();
    const role = (req.query.role ?? childTierOf(view.role as Role)?.role) as Role | undefined;
    if (!role || !CHAIN.includes(role) || CHAIN.indexOf(role) <= CHAIN.indexOf(view.role as Role)) throw coded(400, 'tierBelowView', {}, 'role');
    return { success: true, ...(await pendingCommissions(db, view, role, req.query)) };
  });

  // Read only: what Send would pay for the period, shown before it is pressed (no step-up: nothing moves).
  serve(app, E.preview, async (req) => {
    const caller = requireCaller(req);
    const admin = await findRef(db, caller.id);
    if (!admin) throw forbidden();
    const out = await previewCommission(db, admin, req.query.days);
    return { success: true, period: out.period, pays: out.pays, wallet: out.wallet, data: pageOfRows(out.data, req.query), total: out.data.length, totals: out.totals };
  });

  serve(app, E.send, async (req) => {
    const caller = requireCaller(req);
    requireRecentStepUp(caller);
    const admin = await findRef(db, caller.id);
    if (!admin) throw forbidden();
    const out = await sendCommission(db, admin, req.query.days, caller.id);
    realtime.walletsChanged([admin.id, ...out.data.map((x) => x.id)]);
    const message = out.paid > 0n ? 'Commission sent successfully' : `Nothing to pay: the commission for ${out.period.from}${out.period.from === out.period.to ? '' : ` to ${out.period.to}`} was already paid or nothing was played.`;
    return { success: true, message, period: out.period, data: out.data, totals: out.totals };
  });

  serve(app, E.transactions, async (req) => {
    const caller = requireCaller(req);
    const view = (await loadViewRoot(db, caller, req.query.id)) ?? (await findRef(db, caller.id));
    if (!view) throw forbidden();
    const { type, status, date, page, limit } = req.query;
    return { success: true, ...(await transactionsOf(db, view, { type, status, date, page, limit })) };
  });

  serve(app, E.users, async (req) => {
    const caller = requireCaller(req);
    // The user pickers of every report: any staff page's.
    if (!isStaff(caller.role)) throw coded(403, 'userListNotAvailable', { role: caller.role });
    const view = (await loadViewRoot(db, caller, req.query.id)) ?? (await findRef(db, caller.id));
    if (!view) throw forbidden();
    return { success: true, data: await accountsUnder(db, view.path, req.query) };
  });
}
