import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { request } from '../dataProvider/http';
import { retryUnlessRefused } from './outcome';
import { API_PATHS, fillPath } from '../../domain/apiPaths';
import type { ComplaintRow, ComplaintStatus } from '../../domain/api';

export { COMPLAINT_STATUSES, type ComplaintRow, type ComplaintStatus } from '../../domain/api';

/** Each status's colour: warning, success and danger (MUI's `error`). */
export const STATUS_COLOR = { Pending: 'warning', Completed: 'success', Cancelled: 'error' } as const satisfies Record<ComplaintStatus, string>;

export interface ComplaintPage {
  rows: ComplaintRow[];
  totalComplaints: number;
  currentPage: number;
  totalPages: number;
  limit: number;
}

/** The spec's page size (section 9). */
export const COMPLAINTS_PER_PAGE = 10;
const KEY = ['td', 'complaints'] as const;

/** GET complaint?page&limit: one page of messages, newest first, and the server's pagination. */
export function useComplaints(page: number, limit = COMPLAINTS_PER_PAGE) {
  return useQuery({
    queryKey: [...KEY, page, limit],
    queryFn: async (): Promise<ComplaintPage> => {
      const { json } = await request<ComplaintRow[]>(API_PATHS.complaints, { query: { page, limit } });
      return {
        rows: json.data ?? [],
        totalComplaints: Number(json.totalComplaints ?? 0),
        currentPage: Number(json.currentPage ?? page),
        totalPages: Number(json.totalPages ?? 1),
        limit: Number(json.limit ?? limit),
      };
    },
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/**
 * PATCH complaint/{id}/status {status}. The row shows the new status at once and goes back to the
 * old one if the server refuses; the pages are read again either way.
 */
export function useSetComplaintStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: ComplaintStatus }) => {
      const { json } = await request<ComplaintRow>(fillPath(API_PATHS.complaintStatus, { id }), { method: 'PATCH', body: { status } });
      return json.data;
    },
    onMutate: async ({ id, status }) => {
      await client.cancelQueries({ queryKey: KEY });
      const before: [QueryKey, ComplaintPage | undefined][] = client.getQueriesData<ComplaintPage>({ queryKey: KEY });
      client.setQueriesData<ComplaintPage>({ queryKey: KEY }, (old) => old && { ...old, rows: old.rows.map((r) => (r._id === id ? { ...r, status } : r)) });
      return { before };
    },
    onError: (_err, _vars, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
