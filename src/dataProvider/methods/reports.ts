import type { Envelope } from '../../../domain/api';
import type { Answer } from '../contract';
import { call, request } from '../http';
import type { Query } from './query';

/** A report's answer as the server sent it: its rows under `data`, and the totals or period beside them. */
export type ReportAnswer = Envelope & Record<string, unknown>;

/** A row of the transaction report (a ledger row signed for one account). */
export type TransactionRow = Answer<'transactionReport'>['data'][number];
/** One day of the dashboard's chart. */
export type DayFigures = Answer<'dailyPlay'>['data'][number];

/** The server's largest page of the transaction report: an export reads the filtered set in pages of this size. */
export const TRANSACTIONS_PAGE = 500;

/** The report screens' calls (summary reports, the ledger's export, the dashboard chart). */
export interface ReportMethods {
  /** A summary report's answer for a period (the report's own `read` makes rows and totals of it). */
  getReport(api: string, query: Query): Promise<ReportAnswer>;
  /** Every row of the transaction report's filter, page after page (a row that moved to the next page while reading is kept once). */
  getAllTransactions(query: Query): Promise<TransactionRow[]>;
  /** The last `days` days of play, win and net of the caller's subtree. */
  getDailyPlay(params: { days: number }): Promise<DayFigures[]>;
}

export const reportMethods = (): ReportMethods => ({
  getReport: async (api, query) => (await request(api, { query })).json,
  getAllTransactions: async (query) => {
    const byId = new Map<string, TransactionRow>();
    for (let page = 1; ; page++) {
      const { json } = await call('transactionReport', { query: { ...query, page, limit: TRANSACTIONS_PAGE } });
      const rows = json.data;
      for (const r of rows) byId.set(r._id, r);
      if (rows.length < TRANSACTIONS_PAGE || page * TRANSACTIONS_PAGE >= json.total) break;
    }
    return [...byId.values()];
  },
  getDailyPlay: async ({ days }) => (await call('dailyPlay', { query: { days } })).json.data,
});
