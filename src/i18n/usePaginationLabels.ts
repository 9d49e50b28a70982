import { useTranslate } from 'react-admin';
import type { TablePaginationProps } from '@mui/material/TablePagination';

/** MUI's TablePagination texts (English built in) under td.pagination (MUI's English wording) and react-admin's navigation keys, for the tables drawn by hand. */
export function usePaginationLabels(): Pick<TablePaginationProps, 'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'> {
  const translate = useTranslate();
  return {
    labelRowsPerPage: translate('td.pagination.rowsPerPage'),
    labelDisplayedRows: ({ from, to, count }) => translate('td.pagination.range', { from, to, count }),
    getItemAriaLabel: (type) => translate(`ra.navigation.${type}`),
  };
}
