import { responsiveDatagridSx, responsiveListSx } from '../common/RowsTable';
import { Button, Datagrid, FunctionField, List, TopToolbar, useBasename, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import type { CatalogueDef } from '../../resources.config';
import { errorMessage } from '../tiers/errorMessage';
import { RowNumber } from '../tiers/TierColumns';
import { CatalogueCell } from './CatalogueCell';
import { CatalogueRowActions } from './CatalogueRowActions';
import { catalogueSheet } from './catalogueSheet';
import { writeSheet } from '../tiers/exportRows';

function ExportButton({ def }: { def: CatalogueDef }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { sort, filterValues } = useListContext();
  const run = useMutation({
    // The whole list, not the visible page.
    mutationFn: async () => {
      const { data } = await dataProvider.getList(def.page, { pagination: { page: 1, perPage: 500 }, sort, filter: filterValues });
      const sheet = catalogueSheet(def, data);
      if (sheet) await writeSheet(sheet);
    },
    onError: (err) => notify(errorMessage(err, translate('td.messages.somethingWrong')), { type: 'error' }),
  });
  if (!def.export) return null;
  return <Button label={translate('td.list.export')} onClick={() => run.mutate()} disabled={run.isPending} startIcon={<DownloadIcon />} />;
}

function Actions({ def }: { def: CatalogueDef }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <TopToolbar>
      <ExportButton def={def} />
      <Button component={Link} to={`${basename}/${def.page}/create`} label={translate(`td.catalogue.${def.page}.add`, { _: def.labels.add })} startIcon={<AddIcon />} />
    </TopToolbar>
  );
}

/** A catalogue resource's table from its declaration: server paging and sort, row actions, export. */
export function CatalogueList({ def, title }: { def: CatalogueDef; title: string }) {
  const translate = useTranslate();
  const hasActions = def.list.edit || def.list.toggle || def.list.remove;
  return (
    <List
      resource={def.page}
      title={title}
      actions={<Actions def={def} />}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={10}
      exporter={false}
      empty={false}
      sx={responsiveListSx}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        sx={responsiveDatagridSx}
        empty={<Typography sx={{ p: 2 }}>{translate(`td.catalogue.${def.page}.empty`, { _: def.labels.empty })}</Typography>}
      >
        {def.list.columns.map((c) =>
          c.type === 'index' ? (
            <FunctionField key="no" label={translate('td.list.no')} sortable={false} render={() => <RowNumber />} />
          ) : (
            <FunctionField key={c.source} source={c.source} label={translate(`td.catalogue.column.${c.source}`, { _: c.label })} sortable={!!c.sortable} render={() => <CatalogueCell column={c} />} />
          ),
        )}
        {hasActions && <FunctionField label={translate('td.list.action')} render={() => <CatalogueRowActions def={def} />} />}
      </Datagrid>
    </List>
  );
}
