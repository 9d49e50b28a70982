import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../dataProvider/http';
import { retryUnlessRefused } from './outcome';
import { API_PATHS } from '../../domain/apiPaths';
import type { LogRow } from '../../domain/api';

export type { LogRow };


/** What the table asks: a page (from 1) of the rows matching the search and the day. */
export interface LogFilter {
  page: number;
  perPage: number;
  /** Matched by the server against username and subject; '' is every row. */
  search: string;
  /** One calendar day, YYYY-MM-DD (the server's `date`); '' is every day. */
  date: string;
}

/** The query of GET logs and of its CSV export (which takes the same filter and no paging). */
export const logQuery = (f: LogFilter) => ({ page: f.page, limit: f.perPage, search: f.search.trim(), date: f.date });
export const exportQuery = (f: Pick<LogFilter, 'search' | 'date'>) => ({ search: f.search.trim(), date: f.date });

/** Log Activities (spec 2.13): the caller's subtree, newest first, one server page and the filtered total. */
export function useLogs(filter: LogFilter) {
  const query = logQuery(filter);
  return useQuery({
    queryKey: ['td', 'logs', query],
    queryFn: async () => {
      const { json } = await request<LogRow[]>(API_PATHS.logs, { query });
      return { rows: json.data ?? [], total: json.total ?? 0 };
    },
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
