import { useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import { getStoredRole } from '../../auth/session';
import { PageSpinner } from '../../common/PageSpinner';
import { ScreenFrame } from '../../common/ScreenFrame';
import { liveResultLinks } from '../../layout/LiveResultMenu';
import { usePercentageList } from '../percentage/usePercentages';

/** `/{role}/game`: the consoles this operator may open, as the Live Result submenu lists them. */
export function ConsoleIndex() {
  const translate = useTranslate();
  const basename = useBasename();
  const role = getStoredRole();
  const list = usePercentageList();
  const links = role ? liveResultLinks(role, basename, list.data?.adminGameList ?? [], translate) : [];
  const title = translate('td.liveResult.title');
  return (
    <ScreenFrame title={title}>
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <List>
          {links.map((l) => (
            <ListItemButton key={l.key} component={Link} to={l.to}>
              {l.label}
            </ListItemButton>
          ))}
        </List>
      )}
    </ScreenFrame>
  );
}
