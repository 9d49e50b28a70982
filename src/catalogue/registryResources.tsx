import { Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { canOpenPage, CATALOGUE, PAGES, RECORDS, type CatalogueDef, type RecordDef, type Role } from '../../resources.config';
import { catalogueRoutes } from './cataloguePages';
import { RecordList } from './RecordList';

/** The registry's entries that are react-admin resources beside the tiers: the catalogue, then the record lists. */
const CATALOGUE_DEFS: readonly CatalogueDef[] = CATALOGUE;
const RECORD_DEFS: readonly RecordDef[] = RECORDS;

/** Whether a page key is one of those resources (its screens are a <Resource>, not a custom route). */
export const isRegistryResource = (key: string): boolean => CATALOGUE_DEFS.some((d) => d.page === key) || RECORD_DEFS.some((d) => d.page === key);

const labelOf = (page: string): string => PAGES.find((p) => p.key === page)?.label ?? page;

/**
 * The registry's resources a role may open (the page entries say which), each a <Resource> named by
 * its page key under `/{role}`: a catalogue entry's list, create and edit routes; a record list's
 * list. Their reads and writes go through the dataProvider's getList/getOne/create/update. A path
 * below a resource that none of its routes match goes to the role's dashboard, as any unknown path.
 */
export function registryResources(role: Role, dashboard: string) {
  const unknown = <Route key="unknown" path="*" element={<Navigate to={dashboard} replace />} />;
  const open = (page: string) => canOpenPage(role, page);
  return [
    ...CATALOGUE_DEFS.filter((d) => open(d.page)).map((d) => (
      <Resource key={d.page} name={d.page} options={{ label: labelOf(d.page) }} recordRepresentation={d.nameField} hasCreate hasEdit={!!d.editFields}>
        {[...catalogueRoutes(d), unknown]}
      </Resource>
    )),
    ...RECORD_DEFS.filter((d) => open(d.page)).map((d) => (
      <Resource key={d.page} name={d.page} options={{ label: labelOf(d.page) }}>
        {[<Route key="list" index element={<RecordList def={d} />} />, unknown]}
      </Resource>
    )),
  ];
}
