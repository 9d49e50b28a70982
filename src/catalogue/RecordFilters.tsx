import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate, type ListControllerResult } from 'react-admin';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import DownloadIcon from '@mui/icons-material/Download';
import type { RecordDef, RecordFilter } from '../../resources.config';
import { DateField } from '../common/DateField';
import { saveBlob } from '../common/download';
import type { ExportMeta } from '../dataProvider/registryProvider';
import { failureText } from '../operations/outcome';
import { recordCsv, recordLabel } from './recordText';

/** Typing in a search asks the server once the user pauses. */
export const SEARCH_DEBOUNCE_MS = 300;

type List = Pick<ListControllerResult, 'filterValues' | 'setFilters'>;

/** A search filter: sent trimmed, once typing pauses (a new filter reads page 1). */
function SearchFilter({ def, filter, list }: { def: RecordDef; filter: RecordFilter; list: List }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = list;
  const sent = typeof filterValues[filter.source] === 'string' ? (filterValues[filter.source] as string) : '';
  const [text, setText] = useState(sent);
  useEffect(() => {
    if (text.trim() === sent) return;
    const t = setTimeout(() => setFilters({ ...filterValues, [filter.source]: text.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, sent, filter.source, filterValues, setFilters]);
  return (
    <TextField
      type="search"
      size="small"
      label={recordLabel(translate, def, filter.header, filter.label)}
      value={text}
      onChange={(e) => setText(e.target.value)}
      // Wide enough (in characters) for its label, which the frame's row would otherwise cut.
      slotProps={{ htmlInput: { maxLength: 100, size: 28 } }}
    />
  );
}

/** A one-day filter, sent as soon as it is chosen. */
function DateFilter({ def, filter, list }: { def: RecordDef; filter: RecordFilter; list: List }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = list;
  const value = typeof filterValues[filter.source] === 'string' ? (filterValues[filter.source] as string) : '';
  return (
    <DateField
      size="small"
      label={recordLabel(translate, def, filter.header, filter.label)}
      value={value}
      onChange={(e) => setFilters({ ...filterValues, [filter.source]: e.target.value })}
    />
  );
}

/**
 * The export of the whole filtered set (not the page): the dataProvider's getList of every row, as
 * react-admin's export asks it, written as the declared CSV in the reader's words.
 */
function ExportButton({ def, list, onError }: { def: RecordDef; list: List; onError: (text: string) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [running, setRunning] = useState(false);
  const spec = def.export;
  if (!spec) return null;
  const run = async () => {
    setRunning(true);
    try {
      const meta: ExportMeta = { export: true };
      const { data } = await dataProvider.getList(def.page, { filter: list.filterValues, meta });
      saveBlob(new Blob([recordCsv(def, data, translate)], { type: 'text/csv;charset=utf-8' }), spec.file);
    } catch (err) {
      onError(failureText(err, recordLabel(translate, def, 'exportFailed', spec.labels.exportFailed)));
    } finally {
      setRunning(false);
    }
  };
  const key = running ? 'exporting' : 'export';
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} disabled={running} onClick={() => void run()}>
      {recordLabel(translate, def, key, spec.labels[key])}
    </Button>
  );
}

/** The filters and the export above a record list, as its declaration lists them. */
export function RecordFilters({ def, list, onError }: { def: RecordDef; list: List; onError: (text: string) => void }) {
  return (
    <>
      {(def.list.filters ?? []).map((f) =>
        f.type === 'search' ? <SearchFilter key={f.source} def={def} filter={f} list={list} /> : <DateFilter key={f.source} def={def} filter={f} list={list} />,
      )}
      <ExportButton def={def} list={list} onError={onError} />
    </>
  );
}
