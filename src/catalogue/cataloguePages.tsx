import { useTranslate } from 'react-admin';
import { CATALOGUE, PAGES, type CatalogueDef } from '../../resources.config';
import { CatalogueCreate, CatalogueEdit } from './CatalogueForm';
import { CatalogueList } from './CatalogueList';

const defOf = (page: CatalogueDef['page']): CatalogueDef => {
  const def = CATALOGUE.find((c) => c.page === page);
  if (!def) throw new Error(`no catalogue resource ${page}`);
  return def;
};

/** The list page of a catalogue resource, titled by its registry page. */
export function cataloguePage(page: CatalogueDef['page']) {
  const def = defOf(page);
  const label = PAGES.find((p) => p.key === page)?.label ?? page;
  return function CataloguePage() {
    const translate = useTranslate();
    return <CatalogueList def={def} title={translate(`td.page.${page}`, { _: label })} />;
  };
}

/** Its create and edit routes (Game Master: `create`, `edit/{id}`; Time Master: `create`). */
export function catalogueSubRoutes(page: CatalogueDef['page']) {
  const def = defOf(page);
  return [
    { path: 'create', allowed: () => true, element: () => <CatalogueCreate def={def} /> },
    ...(def.editFields ? [{ path: 'edit/:id', allowed: () => true, element: () => <CatalogueEdit def={def} /> }] : []),
  ];
}
