import type { ComponentType, ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PercentIcon from '@mui/icons-material/Percent';
import HistoryIcon from '@mui/icons-material/History';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import PersonIcon from '@mui/icons-material/Person';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import TimerIcon from '@mui/icons-material/Timer';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import BackupIcon from '@mui/icons-material/Backup';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { cataloguePage, catalogueSubRoutes } from '../catalogue/cataloguePages';
import { ConsoleIndex } from '../games/console/ConsoleIndex';
import { GameConsoleRoute, ownConsole } from '../games/console/ConsolePage';
import LiveTvIcon from '@mui/icons-material/LiveTv';
import { mintsPoints, tierOf, type PageKey, type Role } from '../../resources.config';
import { CreditForm } from '../credit/CreditForm';
import { Dashboard } from '../dashboard/Dashboard';
import { WinPercentagePage } from '../games/percentage/WinPercentagePage';
import { GameHistoryPage } from '../games/history/GameHistoryPage';
import { OnlinePlayersPage } from '../games/history/OnlinePlayersPage';
import { ProfilePage } from '../profile/ProfilePage';
import { LogActivitiesPage } from '../operations/LogActivitiesPage';
import { ContactUsPage } from '../operations/ContactUsPage';
import { BackupsPage } from '../operations/BackupsPage';
import { ClearHistoryPage } from '../operations/ClearHistoryPage';

/** A route below a page, open to the roles `allowed` admits. */
interface SubRoute {
  path: string;
  allowed: (role: Role) => boolean;
  element: (role: Role) => ReactElement;
}

/**
 * How the client draws a page of the registry: its component, its menu icon and the routes below
 * it. The registry (resources/pages.ts) owns the rest: the title, which roles list it in their menu
 * and which may open it. A registry page without an entry here has no screen in this build yet: it
 * stays out of the menus and the routes.
 */
export interface PageScreen {
  component: ComponentType;
  icon: ComponentType;
  subRoutes?: readonly SubRoute[];
}

export const PAGE_SCREENS: Partial<Record<PageKey, PageScreen>> = {
  dashboard: { component: Dashboard, icon: DashboardIcon },
  winpercentage: { component: WinPercentagePage, icon: PercentIcon },
  onlineplayers: { component: OnlinePlayersPage, icon: PeopleAltIcon },
  gamehistory: { component: GameHistoryPage, icon: HistoryIcon },
  profile: {
    component: ProfilePage,
    icon: PersonIcon,
    // The chain's root mints and burns points from its profile (its own credit adjust).
    subRoutes: [{ path: 'creditadjust/:id', allowed: mintsPoints, element: (role) => <CreditForm scope={{ tier: tierOf(role) }} kind="adjust" /> }],
  },
  gamemaster: { component: cataloguePage('gamemaster'), icon: SportsEsportsIcon, subRoutes: catalogueSubRoutes('gamemaster') },
  timemaster: { component: cataloguePage('timemaster'), icon: TimerIcon, subRoutes: catalogueSubRoutes('timemaster') },
  game: { component: ConsoleIndex, icon: LiveTvIcon, subRoutes: [{ path: ':gameId/:adminId/:username', allowed: () => true, element: () => <GameConsoleRoute /> }] },
  funtarget: { component: ownConsole('funtarget'), icon: LiveTvIcon },
  funroullet: { component: ownConsole('funroullet'), icon: LiveTvIcon },
  logactivities: { component: LogActivitiesPage, icon: ManageSearchIcon },
  contactus: { component: ContactUsPage, icon: ContactMailIcon },
  backups: { component: BackupsPage, icon: BackupIcon },
  clearhistory: { component: ClearHistoryPage, icon: DeleteSweepIcon },
};

/** The screen of a page key, if this build has one. */
export const screenOf = (key: string): PageScreen | undefined =>
  Object.prototype.hasOwnProperty.call(PAGE_SCREENS, key) ? PAGE_SCREENS[key as PageKey] : undefined;
export const hasScreen = (key: string): boolean => screenOf(key) !== undefined;
