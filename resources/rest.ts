import { CATALOGUE } from './catalogue';
import type { PageKey } from './pages';

/**
 * Pages whose records are a plain REST resource of the API: the server answers react-admin's
 * simple-rest parameters (sort, range, filter, with Content-Range), and the client's dataProvider
 * hands them to ra-data-simple-rest, so any react-admin tool can read them unchanged.
 */
export const REST_RESOURCES = [
  ...CATALOGUE.map((c) => ({ page: c.page, api: c.api })),
  { page: 'contactus', api: 'complaint' },
  { page: 'logactivities', api: 'logs' },
] as const satisfies readonly { page: PageKey; api: string }[];
export type RestResource = (typeof REST_RESOURCES)[number];
