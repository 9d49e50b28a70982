import { useMemo } from 'react';
import { ListContextProvider, useBasename, useList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { formatPoints } from '../i18n/format';
import type { Range } from '../../domain/periods';
import type { ReportColumn, ReportDefOf } from '../../resources.config';
import { useReportText, viewSearch } from './useReport';
import { responsiveTableSx } from '../common/RowsTable';
import { ScreenPagination } from '../common/ScreenPagination';
import { PER_PAGE_OPTIONS } from '../common/useScreenList';
import { roleLabel } from '../tiers/registry';

/** The username, and when the row has accounts below it, a link and an eye icon into its view. */
function AccountCell<Row extends { username: string }>({ drill, row, range }: { drill: ReportDefOf<Row, Record<string, number>>['drill']; row: Row; range: Range }) {
  const translate = useTranslate();
  const basename = useBasename();
  const target = drill?.target(row) ?? null;
  if (!drill || !target) return <>{row.username}</>;
  const to = `${basename}/${drill.route}${viewSearch(target, range)}`;
  return (
    <>
      <Link component={RouterLink} to={to}>
        {row.username}
      </Link>
      <IconButton component={RouterLink} to={to} size="small" aria-label={translate('td.reports.view', { username: row.username })}>
        <VisibilityIcon fontSize="small" />
      </IconButton>
    </>
  );
}

const alignOf = (c: { kind: string }) => (c.kind === 'points' ? 'right' : 'left');

/**
 * The report's table: its rows a page at a time (client paging: the rows are one per child
 * account), and a Total row over every row, whichever page shows.
 */
export function ReportTable<Row extends { username: string }, Totals extends Record<string, number>>({
  def,
  rows,
  totals,
  range,
  title,
}: {
  def: ReportDefOf<Row, Totals>;
  rows: readonly Row[];
  totals: Totals;
  range: Range;
  title: string;
}) {
  const translate = useTranslate();
  const text = useReportText();
  // react-admin's in-memory list pages the rows (its records need an id: the row's key; index numbers it).
  const records = useMemo(() => rows.map((row, index) => ({ id: def.rowKey(row), row, index })), [rows, def]);
  const list = useList({ data: records, perPage: PER_PAGE_OPTIONS[0] });
  const cell = (c: ReportColumn<Row, Totals>, row: Row, index: number) => {
    switch (c.kind) {
      case 'index':
        return index + 1;
      case 'account':
        return <AccountCell drill={def.drill} row={row} range={range} />;
      case 'points':
        return formatPoints(row[c.field] as number);
      case 'role':
        return roleLabel(String(row[c.field] ?? ''));
      case 'text':
        return String(row[c.field] ?? '');
    }
  };
  const footer = (c: ReportColumn<Row, Totals>) => (c.kind === 'index' ? translate('td.reports.total') : c.kind === 'points' ? formatPoints(totals[c.field]) : '');
  return (
    <ListContextProvider value={list}>
      <TableContainer>
        <Table size="small" aria-label={title} sx={responsiveTableSx}>
          <TableHead>
            <TableRow>
              {def.columns.map((c) => (
                <TableCell key={c.label.key} align={alignOf(c)}>
                  {text(c.label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={def.columns.length} align="center">
                  {translate('td.reports.empty')}
                </TableCell>
              </TableRow>
            )}
            {(list.data ?? []).map(({ id, row, index }) => (
              <TableRow key={id}>
                {def.columns.map((c) => (
                  <TableCell key={c.label.key} align={alignOf(c)} sx={{ whiteSpace: 'nowrap' }}>
                    {cell(c, row, index)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              {def.columns.map((c) => (
                <TableCell key={c.label.key} align={alignOf(c)} sx={{ fontWeight: 'bold', color: 'text.primary', whiteSpace: 'nowrap' }}>
                  {footer(c)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      <ScreenPagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
    </ListContextProvider>
  );
}
