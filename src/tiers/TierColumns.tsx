import { FunctionField, useBasename, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import type { ColumnDef } from '../../resources.config';
import type { AccountRow } from '../dataProvider/dataProvider';
import { cellValue } from './cellValue';
import { scopePaths, type TierScope } from './scope';

/** The 'No' column: the row's position across pages. */
export function RowNumber() {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  const index = record && data ? data.findIndex((r) => r.id === record.id) : -1;
  return <>{index < 0 ? '' : (page - 1) * perPage + index + 1}</>;
}

function Cell({ column, scope }: { column: ColumnDef; scope: TierScope }) {
  const record = useRecordContext<AccountRow>();
  const translate = useTranslate();
  const basename = useBasename();
  if (!record) return null;
  const value = cellValue(column.source, record);
  if (column.source === 'isLoggedIn')
    return <Chip size="small" color={record.isLoggedIn ? 'success' : 'default'} label={translate(value ?? 'td.list.offline')} />;
  if (column.source === 'userStatus')
    return value ? <Chip size="small" variant="outlined" color={record.userStatus ? 'success' : 'error'} label={translate(value)} /> : <>{translate('td.app.na')}</>;
  if (value === null) return <>{translate('td.app.na')}</>;
  if (column.source === 'username' && scope.tier.kind === 'chain')
    return (
      <MuiLink component={Link} to={scopePaths(basename, scope).details(record.id)} onClick={(e) => e.stopPropagation()}>
        {value}
      </MuiLink>
    );
  return <>{value}</>;
}

/** The registry's columns of a tier as Datagrid children (plus 'No'). */
export function tierColumns(scope: TierScope, translate: (k: string, o?: Record<string, unknown>) => string) {
  return [
    <FunctionField key="__no" label={translate('td.list.no')} sortable={false} render={() => <RowNumber />} />,
    ...scope.tier.list.columns.map((c) => (
      <FunctionField
        key={c.source}
        source={c.source}
        label={translate(`td.tier.${scope.tier.role}.columns.${c.source}`, { _: c.label })}
        sortable={!!c.sortable}
        sortBy={c.source}
        // Amounts line up on their decimals.
        textAlign={c.source === 'walletBalance' ? 'right' : 'left'}
        render={() => <Cell column={c} scope={scope} />}
      />
    )),
  ];
}
