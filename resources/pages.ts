import { GAMES } from './games';
import { ownPage, REPORTS, type ReportPage, type ReportPageKey } from './reports';
import { STAFF_ROLES, type PageDef } from './roles';

const ALL_STAFF = STAFF_ROLES;
/** The spec's route tables open some admin pages to every staff role below the admin. */
const BELOW_ADMIN = STAFF_ROLES.slice(STAFF_ROLES.indexOf('admin') + 1);

/** A report's page, declared with the report (resources/reports.ts), placed here in the menu's order. */
const reportPage = <K extends ReportPageKey>(key: K): ReportPage<K> => {
  const page = REPORTS.map(ownPage).find((p) => p?.key === key);
  if (!page) throw new Error(`no report declares the page ${key}`);
  return page as ReportPage<K>;
};

/** The pages that are not account tiers, in menu order; their keys are the route segments. */
const FIXED_PAGES = [
  { key: 'dashboard', label: 'Dashboard', menu: ALL_STAFF, area: 'accounts' },
  { key: 'timemaster', label: 'Time Master', menu: ['superadmin'], area: 'games' },
  { key: 'gamemaster', label: 'Game Master', menu: ['superadmin'], area: 'games' },
  { key: 'onlineplayers', label: 'Online Players', menu: ALL_STAFF, area: 'reports' },
  { key: 'gamehistory', label: 'Game History', menu: ALL_STAFF, area: 'reports' },
  { key: 'winpercentage', label: 'Win Percentage', menu: ['superadmin', 'admin'], routeOnly: BELOW_ADMIN, area: 'games' },
  reportPage('turnoverreport'),
  reportPage('revenuereport'),
  { key: 'transactionreport', label: 'Transaction Report', menu: ALL_STAFF, area: 'reports' },
  { key: 'commissionpayoutReport', label: 'Commission Payout Report', menu: ALL_STAFF, area: 'reports' },
  reportPage('admincommissionreport'),
  { key: 'commission', label: 'Commission', menu: ['admin'], area: 'reports' },
  { key: 'logactivities', label: 'Log Activities', menu: ['superadmin', 'admin'], routeOnly: BELOW_ADMIN, area: 'operations' },
  { key: 'backups', label: 'Backups', menu: ['superadmin', 'admin'], area: 'operations' },
  { key: 'clearhistory', label: 'Clear History', menu: ['admin'], area: 'operations' },
  { key: 'contactus', label: 'Contact Us', menu: ['superadmin', 'admin'], area: 'operations' },
  { key: 'profile', label: 'Profile', menu: ALL_STAFF, area: 'accounts' },
  // The live result consoles: no menu entry of their own (the Live Result submenu links them).
  { key: 'game', label: 'Live Result', menu: [], routeOnly: ['superadmin', 'admin'], area: 'games' },
] as const satisfies readonly PageDef[];

/** The slugs of the games the admin has a console route of its own to (`/admin/funtarget`). */
type OwnConsoleSlug = Extract<(typeof GAMES)[number], { ownConsole: true }>['slug'];

/** Each game declared with an own console is a page of the admin's, reached by route only. */
const OWN_CONSOLE_PAGES = GAMES.filter((g) => 'ownConsole' in g && g.ownConsole).map(
  (g): PageDef & { key: OwnConsoleSlug } => ({ key: g.slug as OwnConsoleSlug, label: g.gameName, menu: [], routeOnly: ['admin'], area: 'games' }),
);

/** A report declared without a place here follows the last report page of the menu. */
const placed = new Set<string>(FIXED_PAGES.map((p) => p.key));
const MORE_REPORTS = REPORTS.map(ownPage).filter((p): p is ReportPage<ReportPageKey> => p !== null && !placed.has(p.key));
const afterReports = FIXED_PAGES.findLastIndex((p) => p.area === 'reports') + 1;

export const PAGES: readonly (PageDef & { key: PageKey })[] = [...FIXED_PAGES.slice(0, afterReports), ...MORE_REPORTS, ...FIXED_PAGES.slice(afterReports), ...OWN_CONSOLE_PAGES];

export type PageKey = (typeof FIXED_PAGES)[number]['key'] | ReportPageKey | OwnConsoleSlug;

