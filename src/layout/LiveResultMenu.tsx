import { useId, useState } from 'react';
import { Menu, useBasename, useSidebarState, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import MuiMenu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LiveTvIcon from '@mui/icons-material/LiveTv';
import { hasFlag, ROOT_TIER, type Role } from '../../resources.config';
import { usePercentageList, type AdminGameRow } from '../games/percentage/usePercentages';

export interface LiveResultLink {
  key: string;
  to: string;
  label: string;
}

type Translate = ReturnType<typeof useTranslate>;

/** The console route of one (admin, game) pair: /{role}/game/{gameId}/{adminId}/{username}. */
export const consolePath = (basename: string, row: Pick<AdminGameRow, 'gameId' | 'adminId' | 'username'>): string =>
  `${basename}/game/${[row.gameId, row.adminId, row.username].map(encodeURIComponent).join('/')}`;

/**
 * The Live Result links of a role: one per (admin, game) pair of the caller's win-percentage list
 * (its `adminGameList`), for the root tier and a games-running tier (the admin) alike; nobody else's.
 * The list is the one source: an admin's games are the pools it has, not a fixed pair of consoles
 * (its fixed funtarget and funroullet routes stay, but are not the menu). The root tier's labels
 * name the admin; a games-running tier's own list has only itself, so the game name is enough.
 */
export function liveResultLinks(role: Role, basename: string, rows: readonly AdminGameRow[], translate: Translate): LiveResultLink[] {
  if (!hasLiveResult(role)) return [];
  const own = role !== ROOT_TIER.role;
  return rows.map((r) => ({
    key: `${r.adminId}/${r.gameId}`,
    to: consolePath(basename, r),
    label: own ? r.gameName : translate('td.liveResult.pair', { game: r.gameName, username: r.username }),
  }));
}

/** Whether a role's menu has the Live Result group at all. */
export const hasLiveResult = (role: Role): boolean => role === ROOT_TIER.role || hasFlag(role, 'runsGames');

/**
 * The sidebar's collapsible Live Result group. The header is a button (Enter or Space toggles it,
 * aria-expanded says its state); the links are ordinary menu links, reachable with Tab once open.
 * It opens by itself when the current route is one of its consoles.
 */
export function LiveResultMenu({ role }: { role: Role }) {
  const translate = useTranslate();
  const basename = useBasename();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  // The links come from the list (the same query as the Win Percentage page).
  const list = usePercentageList({ enabled: hasLiveResult(role) });
  const links = liveResultLinks(role, basename, list.data?.adminGameList ?? [], translate);
  const [open, setOpen] = useState(() => pathname.startsWith(`${basename}/game/`) || links.some((l) => pathname === l.to));
  // The folded sidebar (tablets) has room for icons only: its links open beside it, in full.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const groupId = useId();
  if (!hasLiveResult(role)) return null;
  const title = translate('td.liveResult.title');
  const expanded = sidebarOpen ? open : anchor !== null;
  const header = (
    <ListItemButton
      onClick={(e) => (sidebarOpen ? setOpen((o) => !o) : setAnchor(e.currentTarget))}
      aria-label={title}
      aria-expanded={expanded}
      aria-controls={groupId}
      aria-haspopup={sidebarOpen ? undefined : 'menu'}
      sx={{ py: '6px', px: 2 }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <LiveTvIcon />
      </ListItemIcon>
      {sidebarOpen && <ListItemText primary={title} sx={{ my: 0 }} />}
      {sidebarOpen && (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
    </ListItemButton>
  );
  return (
    <>
      {sidebarOpen ? (
        header
      ) : (
        <Tooltip title={title} placement="right">
          {header}
        </Tooltip>
      )}
      {sidebarOpen ? (
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List id={groupId} component="div" role="group" disablePadding aria-label={title} sx={{ '& .RaMenuItemLink-root': { pl: 4 } }}>
            {links.map((l) => (
              <Menu.Item key={l.key} to={l.to} primaryText={<span>{l.label}</span>} />
            ))}
          </List>
        </Collapse>
      ) : (
        <MuiMenu id={groupId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} MenuListProps={{ 'aria-label': title }}>
          {links.map((l) => (
            <MenuItem key={l.key} component={RouterLink} to={l.to} selected={pathname === l.to} onClick={() => setAnchor(null)}>
              {l.label}
            </MenuItem>
          ))}
        </MuiMenu>
      )}
    </>
  );
}
