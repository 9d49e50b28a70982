import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { dayKey, parseDate, PERIOD_CODES, periodRange, type PeriodCode, type PeriodName, type Range } from '../../domain/periods';
import { getStoredRole } from '../auth/session';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { ApiError } from '../dataProvider/errors';
import { queryKeys } from '../dataProvider/queryKeys';
import type { ReportData, ReportDefOf, ReportText } from '../../resources.config';
import type { TranslateText } from './reportDef';

/** The period buttons in the spec's order (2.7); Date Range (custom, 8) follows them. */
export const PERIOD_BUTTONS = ['lastSixMonths', 'currentMonth', 'lastMonth', 'lastWeek', 'currentWeek', 'yesterday', 'today'] as const satisfies readonly Exclude<PeriodName, 'custom'>[];

/**
 * What a report screen looks at, all from its URL query (role, id, startDate, endDate),
 * so a drill-down is a link, Back is the browser's history, and a reload keeps the period.
 */
export interface ReportView {
  /** The viewed account's role and id; absent, the logged-in account. */
  role?: string;
  id?: string;
  range: Range;
  /** The period button the range is: a named period whose days it covers, else Date Range. */
  code: PeriodCode;
}

/** The range of the URL's startDate and endDate when both parse as dates, otherwise today. */
export function viewOf(params: URLSearchParams, now = new Date()): ReportView {
  const start = parseDate(params.get('startDate'));
  const end = parseDate(params.get('endDate'));
  const range = start && end ? { start, end } : periodRange(PERIOD_CODES.today, now)!;
  return { role: params.get('role') || undefined, id: params.get('id') || undefined, range, code: periodOf(range, now) };
}

/** Which button a range is: the first named period with the same first and last day, else custom. */
export function periodOf(range: Range, now = new Date()): PeriodCode {
  const days = (r: Range) => `${dayKey(r.start)}/${dayKey(r.end)}`;
  const key = days(range);
  const named = PERIOD_BUTTONS.find((name) => days(periodRange(PERIOD_CODES[name], now)!) === key);
  return named ? PERIOD_CODES[named] : PERIOD_CODES.custom;
}

/** The report call's query: the view's account and its range's bounds as ISO instants. */
export const reportQuery = (view: Pick<ReportView, 'role' | 'id' | 'range'>) => ({
  role: view.role,
  id: view.id,
  startDate: view.range.start.toISOString(),
  endDate: view.range.end.toISOString(),
});

/** The URL query of a view of `target` over `range`: what a drill-down link carries. */
export const viewSearch = (target: { role: string; id: string }, range: Range): string =>
  `?${new URLSearchParams({ role: target.role, id: target.id, ...rangeParams(range) })}`;

const rangeParams = (range: Range) => ({ startDate: range.start.toISOString(), endDate: range.end.toISOString() });

/**
 * The screen's view and the ways to change it: a period or a custom range replaces the URL's
 * dates (the account stays). `choose` tells whether the range shown changed (Get Summary on the
 * same range refetches instead).
 */
export function useReportView() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const choose = (range: Range): boolean => {
    const next = rangeParams(range);
    const current = rangeParams(view.range);
    const changed = next.startDate !== current.startDate || next.endDate !== current.endDate;
    if (params.get('startDate') === next.startDate && params.get('endDate') === next.endDate) return changed;
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set('startDate', next.startDate);
        out.set('endDate', next.endDate);
        return out;
      },
      { replace: true },
    );
    return changed;
  };
  /** The role whose child tier the heading names: the viewed one, else the logged-in one. */
  const role = view.role ?? getStoredRole() ?? undefined;
  return { view, role, choose };
}

/** A refused call (4xx) shows its message at once; a network or server failure is tried once more. */
const retry = (failures: number, err: Error): boolean => !(err instanceof ApiError && err.status < 500) && failures < 1;

/** The report's rows and totals for the view; a new start, end, role or id is a new query. */
export function useReportData<Row extends { username: string }, Totals extends Record<string, number>>(def: ReportDefOf<Row, Totals>, view: ReportView) {
  const dataProvider = useDataProvider<TierDataProvider>();
  const query = reportQuery(view);
  return useQuery<ReportData<Row, Totals>>({
    queryKey: queryKeys.report(def.key, query),
    queryFn: async () => def.read(await dataProvider.getReport(def.api, query)),
    retry,
  });
}

/** A report's texts in the reader's language; a key the catalogue lacks (a report declared without words in it) reads in the declaration's English. */
export function useReportText(): TranslateText {
  const translate = useTranslate();
  return (text: ReportText, options?: Record<string, unknown>) => translate(text.key, { ...options, _: text.en });
}
