import { Menu, useBasename, useTranslate } from 'react-admin';
import PeopleIcon from '@mui/icons-material/People';
import type { Role } from '../../resources.config';
import { tierLabelKey } from '../tiers/registry';
import { iconOf } from '../pages/screens';
import { LiveResultMenu } from './LiveResultMenu';
import { visibleMenu } from './screens';

function PageIcon({ pageKey }: { pageKey: string }) {
  const Icon = iconOf(pageKey);
  return <Icon />;
}

/**
 * The sidebar: the role's pages and tiers, in the registry's order (dashboard first), and the
 * Live Result group right after the games pages (it shows only for the roles that run consoles).
 */
export function RoleMenu({ role }: { role: Role }) {
  const translate = useTranslate();
  const basename = useBasename();
  const { tiers, pages } = visibleMenu(role);
  const [first, ...rest] = pages;
  const afterGames = rest.reduce((at, p, i) => (p.area === 'games' ? i + 1 : at), 0);
  const page = (p: (typeof pages)[number]) => (
    <Menu.Item key={p.key} to={`${basename}/${p.key}`} primaryText={translate(`td.page.${p.key}`, { _: p.label })} leftIcon={<PageIcon pageKey={p.key} />} />
  );
  return (
    <Menu>
      {first && page(first)}
      {tiers.map((t) => (
        <Menu.Item
          key={t.role}
          to={`${basename}/${t.path}`}
          primaryText={translate(tierLabelKey(t, 'plural'), { _: t.labels.plural })}
          leftIcon={<PeopleIcon />}
        />
      ))}
      {rest.slice(0, afterGames).map(page)}
      <LiveResultMenu role={role} />
      {rest.slice(afterGames).map(page)}
    </Menu>
  );
}
