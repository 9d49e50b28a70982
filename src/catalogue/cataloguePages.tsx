import { useTranslate } from 'react-admin';
import { Route } from 'react-router-dom';
import { PAGES, type CatalogueDef } from '../../resources.config';
import { CatalogueCreate, CatalogueEdit } from './CatalogueForm';
import { CatalogueList } from './CatalogueList';

/** The list page of a catalogue resource, titled by its registry page. */
function CataloguePage({ def }: { def: CatalogueDef }) {
  const translate = useTranslate();
  const label = PAGES.find((p) => p.key === def.page)?.label ?? def.page;
  return <CatalogueList def={def} title={translate(`td.page.${def.page}`, { _: label })} />;
}

/**
 * A catalogue resource's routes, relative to `/{role}/{page}` (inside its <Resource>): the list;
 * `create`; `edit/{id}` when it has an edit form (Game Master has, Time Master has not).
 */
export function catalogueRoutes(def: CatalogueDef) {
  return [
    <Route key="list" index element={<CataloguePage def={def} />} />,
    <Route key="create" path="create" element={<CatalogueCreate def={def} />} />,
    ...(def.editFields ? [<Route key="edit" path="edit/:id" element={<CatalogueEdit def={def} />} />] : []),
  ];
}
