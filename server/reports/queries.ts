import { adminCommission, percentToBp, sumPoints } from '../../domain/commission';
import { centsToPoints } from '../../domain/money';
import { childTierOf, REVENUE_FIGURES, SYSTEM_ROLES, type ReportDefOf, type Role } from '../../resources.config';
import { ADMIN_COMMISSION_REPORT, REVENUE_BY_ID_REPORT, REVENUE_REPORT, TURNOVER_REPORT } from '../../resources/reports';
import type { AccountRef } from '../accounts/repository';
import type { Database } from '../db/client';
import { adminGamePlay } from './repository';
import { turnoverOf, type DayRange } from './turnover';

/** What a report's query is given: the database, the account in view (the caller or one of its subtree), the period's days and the checked query. */
export interface ReportContext {
  db: Database;
  view: AccountRef;
  days: DayRange;
  query: Readonly<Record<string, unknown>>;
}

/** A report's answer without `success`: its rows as `data` and the fields its declaration's reply names. */
export type ReportQueryFn = (c: ReportContext) => Promise<{ data: readonly unknown[]; [field: string]: unknown }>;

/** A report's query, its rows typed by its declaration's rows. */
export const queryOf = <Row extends { username: string }, Totals extends Record<string, number>>(
  def: ReportDefOf<Row, Totals, string>,
  run: (c: ReportContext) => Promise<{ data: Row[]; [field: string]: unknown }>,
): [string, ReportQueryFn] => [def.key, run];

/**
 * The query of each report of the registry (resources/reports.ts), by the report's key. The route,
 * its access and its schemas come from the declaration; the answer is checked against the declared
 * reply when it is sent.
 */
export const REPORT_QUERIES: Readonly<Record<string, ReportQueryFn>> = Object.fromEntries([
  queryOf(TURNOVER_REPORT, async ({ db, view, days }) => ({ role: view.role, childRole: childTierOf(view.role as Role)?.role ?? null, data: await turnoverOf(db, view, days) })),

  queryOf(REVENUE_REPORT, async ({ db, view, days }) => ({ role: view.role, data: (await turnoverOf(db, view, days)).map(netRowOf) })),

  // Every child row (gift, loan and otc included) with totals that leave those out.
  queryOf(REVENUE_BY_ID_REPORT, async ({ db, view, days }) => {
    const rows = (await turnoverOf(db, view, days, { allChildren: true })).map(netRowOf);
    return { role: view.role, data: rows, totals: sumPoints(rows.filter((x) => !SYSTEM_ROLES.has(x.role)), REVENUE_FIGURES) };
  }),

  queryOf(ADMIN_COMMISSION_REPORT, async ({ db, view, days }) => ({
    data: (await adminGamePlay(db, view.path, days)).map((x) => ({
      gameId: x.gameId,
      gameName: x.gameName,
      username: x.username,
      nofDigit: x.nodigit,
      winpercentage: x.winPercentage,
      totalpoints: centsToPoints(x.playCents),
      totalwinpoints: centsToPoints(x.winCents),
      commission: centsToPoints(adminCommission(x.playCents, percentToBp(x.winPercentage))),
    })),
  })),
]);

function netRowOf(x: Awaited<ReturnType<typeof turnoverOf>>[number]) {
  return { id: x.id, username: x.username, role: x.role, playPoints: x.playPoints, winPoints: x.winPoints, endPoints: x.endPoints, commission: x.commission, netToPay: x.netToPay };
}
