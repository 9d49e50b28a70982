import type { ComponentType, ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PercentIcon from '@mui/icons-material/Percent';
import HistoryIcon from '@mui/icons-material/History';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import PersonIcon from '@mui/icons-material/Person';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import TimerIcon from '@mui/icons-material/Timer';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AssessmentIcon from '@mui/icons-material/Assessment';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import PaidIcon from '@mui/icons-material/Paid';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import ArticleIcon from '@mui/icons-material/Article';
import BackupIcon from '@mui/icons-material/Backup';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { isRegistryResource } from '../catalogue/registryResources';
import { ConsoleIndex } from '../games/console/ConsoleIndex';
import { GameConsoleRoute, ownConsole } from '../games/console/ConsolePage';
import LiveTvIcon from '@mui/icons-material/LiveTv';
import { mintsPoints, ownPage, OWN_CONSOLE_GAMES, REPORTS, routeOfReport, tierOf, type PageKey, type ReportDef, type Role } from '../../resources.config';
import { CreditForm } from '../credit/CreditForm';
import { Dashboard } from '../dashboard/Dashboard';
import { WinPercentagePage } from '../games/percentage/WinPercentagePage';
import { GameHistoryPage } from '../games/history/GameHistoryPage';
import { OnlinePlayersPage } from '../games/history/OnlinePlayersPage';
import { ProfilePage } from '../profile/ProfilePage';
import { CommissionPage } from '../reports/commission/CommissionPage';
import { CommissionPayoutPage } from '../reports/commission/CommissionPayoutPage';
import { TransactionReportPage } from '../reports/transactions/TransactionReportPage';
import { ReportFrame, reportScreen } from '../reports/ReportFrame';
import { BackupsPage } from '../operations/BackupsPage';
import { ClearHistoryPage } from '../operations/ClearHistoryPage';

/** A route below a page, open to the roles `allowed` admits. */
interface SubRoute {
  path: string;
  allowed: (role: Role) => boolean;
  element: (role: Role) => ReactElement;
}

/**
 * How the client draws a bespoke page of the registry (a console, a report, credit, backups): its
 * component, its menu icon and the routes below it. The registry (resources/pages.ts) owns the
 * rest: the title, which roles list it in their menu and which may open it. A registry page that is
 * neither here nor a registry resource has no screen in this build yet: it stays out of the menus
 * and the routes.
 */
export interface PageScreen {
  component: ComponentType;
  icon: ComponentType;
  subRoutes?: readonly SubRoute[];
}

/** The icons of the report pages; a report without one here has the report icon. */
const REPORT_ICONS: Partial<Record<PageKey, ComponentType>> = { revenuereport: TrendingUpIcon, admincommissionreport: PaidIcon };

/**
 * The report screens, from their declarations (resources/reports.ts): each report with a page of its
 * own is that page's screen, the one report frame; a drill-down report is a route below its page.
 */
function reportScreens(reports: readonly ReportDef[]): Record<string, PageScreen> {
  return Object.fromEntries(
    reports.flatMap((r) => {
      const page = ownPage(r);
      if (!page) return [];
      const below = reports.filter((d) => !ownPage(d) && routeOfReport(d).startsWith(`${page.key}/`));
      const subRoutes = below.map((d) => ({ path: routeOfReport(d).slice(page.key.length + 1), allowed: () => true, element: () => <ReportFrame def={d} /> }));
      const icon = (Object.prototype.hasOwnProperty.call(REPORT_ICONS, page.key) ? REPORT_ICONS[page.key as PageKey] : undefined) ?? AssessmentIcon;
      return [[page.key, { component: reportScreen(r), icon, ...(subRoutes.length ? { subRoutes } : {}) }]];
    }),
  );
}

export const PAGE_SCREENS: Partial<Record<PageKey, PageScreen>> = {
  // Each declared report's frame first: a report that needs a screen of its own names it below, under its page key.
  ...reportScreens(REPORTS),
  dashboard: { component: Dashboard, icon: DashboardIcon },
  winpercentage: { component: WinPercentagePage, icon: PercentIcon },
  onlineplayers: { component: OnlinePlayersPage, icon: PeopleAltIcon },
  gamehistory: { component: GameHistoryPage, icon: HistoryIcon },
  transactionreport: { component: TransactionReportPage, icon: ReceiptLongIcon },
  commissionpayoutReport: { component: CommissionPayoutPage, icon: RequestQuoteIcon },
  commission: { component: CommissionPage, icon: PaymentsIcon },
  profile: {
    component: ProfilePage,
    icon: PersonIcon,
    // The chain's root mints and burns points from its profile (its own credit adjust).
    subRoutes: [{ path: 'creditadjust/:id', allowed: mintsPoints, element: (role) => <CreditForm scope={{ tier: tierOf(role) }} kind="adjust" /> }],
  },
  game: { component: ConsoleIndex, icon: LiveTvIcon, subRoutes: [{ path: ':gameId/:adminId/:username', allowed: () => true, element: () => <GameConsoleRoute /> }] },
  backups: { component: BackupsPage, icon: BackupIcon },
  clearhistory: { component: ClearHistoryPage, icon: DeleteSweepIcon },
  // The admin's own console of each game declared with one (`/admin/funtarget`).
  ...Object.fromEntries(OWN_CONSOLE_GAMES.map((g) => [g.slug, { component: ownConsole(g), icon: LiveTvIcon }])),
};

/**
 * The menu icons of the registry's resources (catalogue entries and record lists): their screens are
 * <Resource>s built from their declarations (src/catalogue/registryResources.tsx), not pages here.
 * A resource without an icon here has the default one.
 */
const RESOURCE_ICONS: Partial<Record<PageKey, ComponentType>> = {
  gamemaster: SportsEsportsIcon,
  timemaster: TimerIcon,
  logactivities: ManageSearchIcon,
  contactus: ContactMailIcon,
};

/** The bespoke screen of a page key, if this build has one. */
export const screenOf = (key: string): PageScreen | undefined =>
  Object.prototype.hasOwnProperty.call(PAGE_SCREENS, key) ? PAGE_SCREENS[key as PageKey] : undefined;
/** Whether this build draws a page: a bespoke screen or a registry resource. */
export const hasScreen = (key: string): boolean => screenOf(key) !== undefined || isRegistryResource(key);
/** A page's menu icon. */
export const iconOf = (key: string): ComponentType =>
  screenOf(key)?.icon ?? (Object.prototype.hasOwnProperty.call(RESOURCE_ICONS, key) ? RESOURCE_ICONS[key as PageKey] : undefined) ?? ArticleIcon;
