import { Button, Datagrid, FunctionField, List, SearchInput, TopToolbar, useBasename, useResourceContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { responsiveDatagridSx, responsiveListSx } from '../common/RowsTable';
import AddIcon from '@mui/icons-material/Add';
import { ExportTierButton } from './ExportTierButton';
import { RowActions } from './RowActions';
import { tierColumns } from './TierColumns';
import { tierByPath, tierLabelKey } from './registry';
import { scopeMeta, scopePaths, type TierScope } from './scope';
import { ScreenPagination } from '../common/ScreenPagination';

function ListActions({ scope }: { scope: TierScope }) {
  const translate = useTranslate();
  const basename = useBasename();
  const { tier } = scope;
  const addKey = scope.parent ? 'addChild' : 'add';
  const addLabel = scope.parent ? tier.labels.addChild ?? tier.labels.add : tier.labels.add;
  return (
    <TopToolbar>
      <ExportTierButton scope={scope} />
      {!tier.list.readOnly && addLabel && (
        <Button component={Link} to={scopePaths(basename, scope).create} label={translate(tierLabelKey(tier, addKey), { _: addLabel })} startIcon={<AddIcon />} />
      )}
    </TopToolbar>
  );
}

/**
 * The row actions stay at the table's right edge, over the columns that scroll beneath them: a
 * player list has more columns than 800 or 1280 px show, and Deactivate, Delete and Logout were
 * past the edge, reachable only by scrolling the table sideways.
 */
const stickyActionsSx = {
  '& .RaDatagrid-headerCell:last-of-type, & .RaDatagrid-rowCell:last-of-type': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: (t: { palette: { divider: string } }) => `-1px 0 0 ${t.palette.divider}`,
  },
  // Above the header's other cells, which are sticky to the top themselves (z-index 2): the Action label stays readable.
  '& .RaDatagrid-headerCell:last-of-type': { zIndex: 3 },
} as const;

/**
 * One tier's table, generated from the registry: columns, search, server sort and paging,
 * row actions. Used at `/{role}/{tier}` and under a parent's details page.
 */
export function TierTable({ scope, title }: { scope: TierScope; title?: string | false }) {
  const translate = useTranslate();
  const { tier } = scope;
  const filters = tier.list.search ? [<SearchInput key="q" source="q" alwaysOn placeholder={translate('td.list.search')} />] : undefined;
  const meta = scopeMeta(scope);
  return (
    <List
      resource={tier.role}
      title={title === false ? ' ' : title ?? translate(tierLabelKey(tier, 'plural'), { _: tier.labels.plural })}
      filters={filters}
      actions={<ListActions scope={scope} />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      pagination={<ScreenPagination />}
      exporter={false}
      queryOptions={meta ? { meta } : undefined}
      // A parent's child table keeps its own paging and search, not the page URL's.
      disableSyncWithLocation={!!scope.parent}
      storeKey={scope.parent ? `${tier.role}.children.${scope.parent.id}` : undefined}
      empty={false}
      sx={responsiveListSx}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        sx={{ ...responsiveDatagridSx, ...stickyActionsSx }}
      >
        {tierColumns(scope, translate)}
        <FunctionField label={translate('td.list.action')} render={() => <RowActions scope={scope} />} />
      </Datagrid>
    </List>
  );
}

/** `/{role}/{tier}`: the top-level list of the resource's tier. */
export function TierList() {
  const resource = useResourceContext();
  const tier = tierByPath(resource);
  if (!tier) return null;
  return <TierTable scope={{ tier }} />;
}
