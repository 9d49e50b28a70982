import { GAMES } from './games';
import { STAFF_ROLES, type PageDef } from './roles';

const ALL_STAFF = STAFF_ROLES;
/** The spec's route tables open some admin pages to every staff role below the admin. */
const BELOW_ADMIN = STAFF_ROLES.slice(STAFF_ROLES.indexOf('admin') + 1);

/** The pages that are not account tiers, in menu order; their keys are the route segments. */
const FIXED_PAGES = [
  { key: 'dashboard', label: 'Dashboard', menu: ALL_STAFF, area: 'accounts' },
  { key: 'timemaster', label: 'Time Master', menu: ['superadmin'], area: 'games' },
  { key: 'gamemaster', label: 'Game Master', menu: ['superadmin'], area: 'games' },
  { key: 'onlineplayers', label: 'Online Players', menu: ALL_STAFF, area: 'reports' },
  { key: 'gamehistory', label: 'Game History', menu: ALL_STAFF, area: 'reports' },
  { key: 'winpercentage', label: 'Win Percentage', menu: ['superadmin', 'admin'], routeOnly: BELOW_ADMIN, area: 'games' },
  { key: 'turnoverreport', label: 'Turnover Report', menu: ['superadmin', ...BELOW_ADMIN], area: 'reports' },
  { key: 'revenuereport', label: 'Revenue Report', menu: ['admin'], area: 'reports' },
  { key: 'transactionreport', label: 'Transaction Report', menu: ALL_STAFF, area: 'reports' },
  { key: 'commissionpayoutReport', label: 'Commission Payout Report', menu: ALL_STAFF, area: 'reports' },
  { key: 'admincommissionreport', label: 'Admin Commission Report', menu: ['superadmin', 'admin'], area: 'reports' },
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

export const PAGES: readonly (PageDef & { key: PageKey })[] = [...FIXED_PAGES, ...OWN_CONSOLE_PAGES];

export type PageKey = (typeof FIXED_PAGES)[number]['key'] | OwnConsoleSlug;

