import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface DataTableHeader {
  label: string;
  /** Amounts line up on their decimals. */
  right?: boolean;
}

/** A screen's plain table: the header row, the empty message when there is no row, the rows the screen draws, and its totals row if any. */
export function DataTable({ label, headers, empty, count, children, footer }: { label: string; headers: readonly DataTableHeader[]; empty: string; count: number; children: ReactNode; footer?: ReactNode }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map((h, i) => (
              <TableCell key={i} align={h.right ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
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
