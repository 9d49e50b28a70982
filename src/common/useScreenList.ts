import { useListController, type FilterPayload, type ListControllerResult, type RaRecord } from 'react-admin';
import { retryUnlessRefused } from '../operations/outcome';

/** The page sizes every server-paged screen offers. */
export const PER_PAGE_OPTIONS = [10, 25, 50];

/**
 * react-admin's list controller for a screen that draws its own table: the registry resource read a
 * page at a time on the server (the dataProvider sends page and limit), the page, page size and
 * filter held by react-admin (a new filter goes back to page 1); a refused read (4xx) is not retried. The state is the screen's own (not
 * in the URL or the store), as the screens always had it; the role gate has checked the session
 * already; a failure is shown by the screen beside its filters, not as a notification.
 */
export function useScreenList<Row extends RaRecord>(props: {
  resource: string;
  perPage?: number;
  /** Always sent, never shown as a filter (the operator's id). */
  filter?: FilterPayload;
  /** The filter the screen opens with; setFilters changes it. */
  filterDefaultValues?: FilterPayload;
  /** False: nothing is asked yet (the screen lacks a filter the call needs). */
  enabled?: boolean;
}): ListControllerResult<Row> {
  return useListController<Row>({
    resource: props.resource,
    perPage: props.perPage ?? PER_PAGE_OPTIONS[0],
    filter: props.filter,
    filterDefaultValues: props.filterDefaultValues,
    disableSyncWithLocation: true,
    storeKey: false,
    disableAuthentication: true,
    queryOptions: { retry: retryUnlessRefused, onError: () => undefined, enabled: props.enabled ?? true },
  });
}

/** The number of a screen's row: counted over the pages before it. */
export const rowNumber = (list: Pick<ListControllerResult, 'page' | 'perPage'>, index: number): number => (list.page - 1) * list.perPage + index + 1;
