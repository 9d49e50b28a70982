import TablePagination from '@mui/material/TablePagination';
import type { Paging } from './historyQueries';
import { usePaginationLabels } from '../../i18n/usePaginationLabels';

export const PER_PAGE_OPTIONS = [10, 25, 50];

/** MUI's table pagination over a server page (`page` from 1); a new page size goes back to page 1. */
export function ServerPagination({ total, paging, onChange }: { total: number; paging: Paging; onChange: (p: Paging) => void }) {
  // MUI refuses a page past the last one (the total can shrink between two fetches).
  const paginationLabels = usePaginationLabels();
  const lastPage = Math.max(0, Math.ceil(total / paging.perPage) - 1);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(paging.page - 1, lastPage)}
      rowsPerPage={paging.perPage}
      rowsPerPageOptions={PER_PAGE_OPTIONS}
      onPageChange={(_, page) => onChange({ ...paging, page: page + 1 })}
      onRowsPerPageChange={(e) => onChange({ page: 1, perPage: Number(e.target.value) })}
      {...paginationLabels}
    />
  );
}
