import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/**
 * Tables up to 1536 px (a tablet at 800 with the menu folded, a laptop at 1280 beside the open menu)
 * keep every column in view: narrower cell
 * padding, and headers that may wrap onto two lines, instead of columns cut off at the edge.
 */
export const responsiveTableSx = {
  '& .MuiTableCell-root': { px: { xs: 0.75, xl: 2 } },
  '& .MuiTableHead-root .MuiTableCell-root': { whiteSpace: { xs: 'normal', xl: 'nowrap' } },
} as const;

/** The same for react-admin's lists: the table scrolls inside the page, never the page itself. */
export const responsiveListSx = { '& .RaList-main': { minWidth: 0 } } as const;
export const responsiveDatagridSx = {
  ...responsiveTableSx,
  // Five row actions fit beside the data on a tablet.
  '& .MuiTableCell-root .MuiIconButton-root': { p: { xs: 0.5, xl: 1 } },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' },
} as const;

export interface RowsTableHeader {
  label: string;
  /** Amounts line up on their decimals. */
  right?: boolean;
}

/**
 * A screen's plain table: the header row, the empty message when there is no row, the rows the screen
 * draws, and its totals row if any. Named apart from react-admin 5's DataTable, which reads a list
 * context and draws its own rows: this one holds rows a screen already has.
 */
export function RowsTable({ label, headers, empty, count, children, footer }: { label: string; headers: readonly RowsTableHeader[]; empty: string; count: number; children: ReactNode; footer?: ReactNode }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={responsiveTableSx}>
        <TableHead>
          <TableRow>
            {headers.map((h, i) => (
              <TableCell key={i} align={h.right ? 'right' : 'left'}>
                {h.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {count === 0 && (
            <TableRow>
              <TableCell colSpan={headers.length} align="center">
                {empty}
              </TableCell>
            </TableRow>
          )}
          {children}
        </TableBody>
        {footer && <TableFooter>{footer}</TableFooter>}
      </Table>
    </TableContainer>
  );
}
