import { responsiveDatagridSx, responsiveListSx } from '../common/RowsTable';
import { Button, Datagrid, ExportButton, FunctionField, List, TopToolbar, useBasename, useTranslate, type Exporter } from 'react-admin';
import { Link } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { CatalogueDef } from '../../resources.config';
import { RowNumber } from '../tiers/TierColumns';
import { CatalogueCell } from './CatalogueCell';
import { CatalogueRowActions } from './CatalogueRowActions';
import { catalogueSheet } from './catalogueSheet';
import { writeSheet } from '../tiers/exportRows';
import { ScreenPagination } from '../common/ScreenPagination';

/** The export reads the filtered list in one page of the server's largest size. */
const EXPORT_MAX = 500;

/** The workbook of a catalogue's rows, when it declares an export. */
const exporterOf = (def: CatalogueDef): Exporter | false =>
  def.export
    ? async (records) => {
        const sheet = catalogueSheet(def, records);
        if (sheet) await writeSheet(sheet);
      }
    : false;

function Actions({ def }: { def: CatalogueDef }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <TopToolbar>
      {/* The whole filtered list, not the visible page, through the list's exporter; a failure is react-admin's notification. */}
      {def.export && <ExportButton label={translate('td.list.export')} maxResults={EXPORT_MAX} />}
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
      pagination={<ScreenPagination />}
      exporter={exporterOf(def)}
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
