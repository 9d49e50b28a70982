import { API_PATHS } from '../domain/apiPaths';
import { CATALOGUE } from './catalogue';
import type { PageKey } from './pages';
import { RECORDS, type RecordDef } from './records';

/**
 * Pages whose records are a plain REST resource of the API: the server answers react-admin's
 * simple-rest parameters (sort, range, filter, with Content-Range), and the client's dataProvider
 * hands them to ra-data-simple-rest, so any react-admin tool can read them unchanged.
 * `list: 'pages'`: the screen asks the API's own list call (`page`, `limit` and the filter's fields
 * as they are), not simple-rest's; `statusPath`: an update is `PATCH {api}/{id}/status`;
 * `idField`: the row's key when it has no `id`/`_id` (a ticket).
 * The registry's catalogue and record lists are all here, from their declarations.
 */
export const REST_RESOURCES = [
  ...CATALOGUE.map((c) => ({ page: c.page, api: c.api })),
  ...RECORDS.map((r: RecordDef) => ({ page: r.page as PageKey, api: r.api, list: 'pages' as const, statusPath: r.statusSelect !== undefined })),
  { page: 'onlineplayers', api: API_PATHS.onlinePlayers, list: 'pages' },
  { page: 'gamehistory', api: API_PATHS.gameHistory, list: 'pages', idField: 'ticketId' },
  { page: 'transactionreport', api: API_PATHS.transactionReport, list: 'pages' },
  // One row per earning account: paged on the server, with totals over every row in the envelope.
  { page: 'commissionpayoutReport', api: API_PATHS.commissionPayout, list: 'pages' },
  { page: 'commission', api: API_PATHS.sendCommissionPreview, list: 'pages' },
] as const satisfies readonly { page: PageKey; api: string; list?: 'pages'; statusPath?: boolean; idField?: string }[];
export type RestResource = (typeof REST_RESOURCES)[number];
