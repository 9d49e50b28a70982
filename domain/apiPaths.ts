/**
 * The one map of API paths (under /api), read by the server's routes and the client's dataProvider.
 * Patterns use the router's `:name` parameters; `fillPath` turns one into a URL.
 */

/** The calls of one tier's account family, under the tier's `api` base from the registry. */
export const ACCOUNT_PATHS = {
  create: '/create',
  list: '/all',
  loadCredit: '/loadcredit/:id',
  creditTransfer: '/credit-transfer',
  creditAdjust: '/credit-adjust',
  toggleStatus: '/toggle-status/:id/:action',
  one: '/:id',
  children: '/:id/children',
  child: '/:id/children/:childId',
  childCreditTransfer: '/:id/children/:childId/credit-transfer',
  childCreditAdjust: '/:id/children/:childId/credit-adjust',
  childToggleStatus: '/:id/children/:childId/toggle-status/:action',
  childDelete: '/:id/children/delete/:childId',
} as const;
export type AccountPath = keyof typeof ACCOUNT_PATHS;

/** Calls outside the tier families. */
export const API_PATHS = {
  myCredit: '/credit/loadcredit',
  userCount: '/counts/usercount',
  userGames: '/game/usergames/:id',
  geoCountries: '/geo/countries',
  geoStates: '/geo/states/:country',
  geoCities: '/geo/cities/:country/:state',
  // Online players and the bet list (server/games/history.routes.ts).
  onlinePlayers: '/onlinePlayer',
  gameHistory: '/history/gamehistory',
  ticketDetails: '/history/getdetailsbyticketid',
  historyUsers: '/history/loadUsers',
  historyGames: '/history/loadGames',
  // Pending commission, commission send and the transaction report (server/reports/routes.ts).
  commissionPayout: '/reports/commissionpayout',
  sendCommission: '/reports/sendcommission',
  sendCommissionPreview: '/reports/sendcommission/preview',
  transactionReport: '/reports/transactionreport',
  reportUsers: '/reports/findallusers',
  // The report screens (server/reports/routes.ts): each answers `{success, data: rows}` for a period.
  turnoverReport: '/reports/turnoverreport',
  revenueReport: '/reports/revenuereport',
  revenueById: '/reports/hreport',
  adminCommissionReport: '/reports/admincommissionpayout',
  // The round engine's health (server/games/engine.routes.ts), on the superadmin's dashboard.
  engineStatus: '/games/engine',
  docs: '/docs',
  docsJson: '/docs/json',
  // Served by the auth module (server/auth/routes.ts).
  login: '/auth/login',
  logout: '/auth/logout',
  changePassword: '/auth/chnagepassword',
  checkPassword: '/auth/checkpassword',
  logoutPlayer: '/app/logout',
} as const;
export type ApiPath = keyof typeof API_PATHS;

/** Splits a pattern's `/segments` at a router prefix (the server registers the geo family under `/geo`). */
export const under = (prefix: string, pattern: string): string => {
  if (!pattern.startsWith(prefix)) throw new Error(`${pattern} is not under ${prefix}`);
  return pattern.slice(prefix.length);
};

/** A pattern with its `:name` parameters filled (URL-encoded); a missing one is an error, never a literal `:name`. */
export function fillPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${pattern}: no value for ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** The path of one account-family call of a tier (`tier.api` is its base, e.g. /admins). */
export const accountPath = (tierApi: string, call: AccountPath, params: Record<string, string | number> = {}): string =>
  `${tierApi}${fillPath(ACCOUNT_PATHS[call], params)}`;
