/**
 * The client's calls, each typed by its endpoint's declaration on the server: what it sends and what
 * it gets back are the declared schemas' types, so a changed schema breaks the client's compile. Type
 * imports only (the boundary rule lets `import type` of the server through, nothing else): no zod and
 * no server code reach the bundle.
 */
import type { AUTH_ENDPOINTS } from '../../server/auth/endpoints';
import type { ACCOUNT_ENDPOINTS } from '../../server/accounts/endpoints';
import type { CREDIT_ENDPOINTS } from '../../server/accounts/credit.endpoints';
import type { ENGINE_ENDPOINTS } from '../../server/games/engine.endpoints';
import type { HISTORY_ENDPOINTS } from '../../server/games/history.endpoints';
import type { LIVE_ENDPOINTS } from '../../server/games/live.endpoints';
import type { PERCENTAGE_ENDPOINTS } from '../../server/games/percentage.endpoints';
import type { PLAYER_ENDPOINTS } from '../../server/games/player.endpoints';
import type { GEO_ENDPOINTS } from '../../server/geo/endpoints';
import type { BodyOf, ParamsOf, QueryOf, ReplyOf } from '../../server/http/contract';
import type { BACKUP_ENDPOINTS } from '../../server/operations/backup.endpoints';
import type { COMPLAINT_ENDPOINTS } from '../../server/operations/complaints.endpoints';
import type { REPORT_ENDPOINTS } from '../../server/reports/endpoints';
import type { API_PATHS } from '../../domain/apiPaths';

/** The endpoint each named client call reaches, by its path's name in domain/apiPaths.ts. */
export interface Api {
  backupList: typeof BACKUP_ENDPOINTS.list;
  backupExport: typeof BACKUP_ENDPOINTS.export;
  backupImport: typeof BACKUP_ENDPOINTS.restore;
  backupTransfer: typeof BACKUP_ENDPOINTS.transfer;
  deleteRecords: typeof BACKUP_ENDPOINTS.clearHistory;
  commissionPayout: typeof REPORT_ENDPOINTS.pending;
  sendCommissionPreview: typeof REPORT_ENDPOINTS.preview;
  sendCommission: typeof REPORT_ENDPOINTS.send;
  transactionReport: typeof REPORT_ENDPOINTS.transactions;
  dailyPlay: typeof REPORT_ENDPOINTS.dailyPlay;
  reportUsers: typeof REPORT_ENDPOINTS.users;
  complaints: typeof COMPLAINT_ENDPOINTS.send;
  loadConsole: typeof LIVE_ENDPOINTS.console;
  addBalance: typeof LIVE_ENDPOINTS.addBalance;
  addResult: typeof LIVE_ENDPOINTS.addResult;
  decision: typeof LIVE_ENDPOINTS.decision;
  timer: typeof PLAYER_ENDPOINTS.timer;
  engineStatus: typeof ENGINE_ENDPOINTS.status;
  engineDelayed: typeof ENGINE_ENDPOINTS.delayed;
  historyGames: typeof HISTORY_ENDPOINTS.games;
  ticketDetails: typeof HISTORY_ENDPOINTS.ticket;
  percentages: typeof PERCENTAGE_ENDPOINTS.list;
  winPercentages: typeof PERCENTAGE_ENDPOINTS.update;
  geoCountries: typeof GEO_ENDPOINTS.countries;
  geoStates: typeof GEO_ENDPOINTS.states;
  geoCities: typeof GEO_ENDPOINTS.cities;
  checkPassword: typeof AUTH_ENDPOINTS.checkPassword;
  changePassword: typeof AUTH_ENDPOINTS.changePassword;
  logoutPlayer: typeof AUTH_ENDPOINTS.logoutPlayer;
  myCredit: typeof CREDIT_ENDPOINTS.myCredit;
  userCount: typeof ACCOUNT_ENDPOINTS.counts;
  userGames: typeof ACCOUNT_ENDPOINTS.games;
}

/** A named call: a path of domain/apiPaths.ts that the client calls by name. */
export type ApiCall = keyof Api & keyof typeof API_PATHS;

/** What the call answers on success (or with `status`), as the server's schema writes it. */
export type Answer<K extends ApiCall, Status extends number = never> = [Status] extends [never] ? ReplyOf<Api[K]> : ReplyOf<Api[K], Status>;
/** The query, body and path parameters the call's endpoint reads. */
export type QueryFor<K extends ApiCall> = QueryOf<Api[K]>;
export type BodyFor<K extends ApiCall> = BodyOf<Api[K]>;
export type ParamsFor<K extends ApiCall> = ParamsOf<Api[K]>;
