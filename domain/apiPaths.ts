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

/**
 * A tier list's export, under the tier's `api` base, where the registry gives the listed tier an
 * export: the tier's own list, and the children of one of its accounts.
 */
export const EXPORT_PATHS = {
  export: '/export',
  childrenExport: '/:id/children/export',
} as const;
export type ExportPath = keyof typeof EXPORT_PATHS;

/** Calls outside the tier families, one entry each, grouped by the server module that serves them. */
export const API_PATHS = {
  health: '/health',
  docs: '/docs',
  docsJson: '/docs/json',
  // server/auth/routes.ts
  login: '/auth/login',
  session: '/auth/session',
  logout: '/auth/logout',
  userAuth: '/auth/userauth/:id',
  changePassword: '/auth/chnagepassword',
  checkPassword: '/auth/checkpassword',
  signup: '/auth/signup',
  logoutPlayer: '/app/logout',
  // server/accounts/misc.routes.ts
  myCredit: '/credit/loadcredit',
  userCount: '/counts/usercount',
  userGames: '/game/usergames/:id',
  // server/reports/routes.ts: pending commission, commission send, the transaction report, and the report screens (`{success, data: rows}` for a period).
  turnoverReport: '/reports/turnoverreport',
  dailyPlay: '/reports/dailyplay',
  revenueReport: '/reports/revenuereport',
  revenueById: '/reports/hreport',
  adminCommissionReport: '/reports/admincommissionpayout',
  commissionPayout: '/reports/commissionpayout',
  sendCommissionPreview: '/reports/sendcommission/preview',
  sendCommission: '/reports/sendcommission',
  transactionReport: '/reports/transactionreport',
  reportUsers: '/reports/findallusers',
  // server/operations/logs.routes.ts
  logs: '/logs',
  activityLogs: '/logs/activityLogs',
  logsExport: '/logs/export',
  logById: '/logs/getUserLogById/:id',
  userLogs: '/logs/:userId',
  logUserActivity: '/logs/logUserActivity',
  // server/operations/complaints.routes.ts
  complaints: '/complaint',
  complaintStatus: '/complaint/:id/status',
  // server/geo/routes.ts (registered under `/geo`)
  geoCountries: '/geo/countries',
  geoStates: '/geo/states/:country',
  geoCities: '/geo/cities/:country/:state',
  // server/games/player.routes.ts
  createBet: '/app/createbet',
  tickets: '/app/tickets',
  lastResults: '/app/lastresults',
  timer: '/app/gettimer',
  // server/games/live.routes.ts: the consoles
  loadConsole: '/live/loadgame',
  addBalance: '/live/addbalance',
  addResult: '/live/addresult',
  decision: '/live/decision/:roundId',
  // server/games/percentage.routes.ts
  percentages: '/percentage/usergames/:id',
  winPercentages: '/percentage/bulk/winpercentage/:id',
  // server/games/engine.routes.ts: the round engine's health, on the superadmin's dashboard
  engineStatus: '/games/engine',
  // the caller's rounds that wait for their result (an admin's own; the superadmin's, every admin's)
  engineDelayed: '/games/engine/delayed',
  // server/games/history.routes.ts: online players and the bet list
  gameHistory: '/history/gamehistory',
  ticketDetails: '/history/getdetailsbyticketid',
  historyUsers: '/history/loadUsers',
  historyGames: '/history/loadGames',
  onlinePlayers: '/onlinePlayer',
  // server/games/catalogue.routes.ts: games and draw times (the registry's `game` and `time` resources)
  games: '/game',
  gamesSlash: '/game/',
  game: '/game/:id',
  gameToggle: '/game/:id/:action',
  gameImage: '/game/image/:name',
  times: '/time',
  timeList: '/time/timelist',
  // server/operations/backup.routes.ts and clearHistory.ts
  backupExport: '/backup/exportbackup',
  backupList: '/backup/list-backups',
  backupDownload: '/backup/downloadbackup',
  backupTransfer: '/backup/transferbackup',
  backupImport: '/backup/importbackup',
  deleteRecords: '/backup/deleterecords',
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

/** The path of a tier list's export (`tier.api` is its base). */
export const exportPath = (tierApi: string, call: ExportPath, params: Record<string, string | number> = {}): string =>
  `${tierApi}${fillPath(EXPORT_PATHS[call], params)}`;
