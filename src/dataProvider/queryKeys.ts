import type { Identifier } from 'react-admin';

/**
 * The keys of the client's own TanStack queries and mutations: the calls react-admin's own hooks do
 * not cover, the dataProvider's custom methods (src/dataProvider/methods). A query and
 * the invalidation that must reach it read the same factory here, so a key is never retyped.
 * Everything sits under 'td', a root react-admin's own resource keys never start with.
 * (tests/client-logic/queryKeys.test.ts fails on a key array written anywhere else in src/.)
 */
const ROOT = 'td';

// The prefixes that are invalidated whole, as well as queried per argument.
const OPERATOR_CREDIT = [ROOT, 'operatorCredit'] as const;
const PERCENTAGE_LIST = [ROOT, 'percentage', 'usergames'] as const;

export const queryKeys = {
  /** Every operator's wallet (GET credit/loadcredit): what a credit move or a `wallet` push invalidates. */
  operatorCredits: () => OPERATOR_CREDIT,
  /** The logged-in operator's own wallet, shared by the top bar and the credit forms. */
  operatorCredit: (id: Identifier | undefined) => [...OPERATOR_CREDIT, id] as const,
  /** The dashboard's account counts per tier (dataProvider.userCount). */
  userCount: () => [ROOT, 'usercount'] as const,
  /** The dashboard's last 14 days of play, win and net (GET reports/dailyplay). */
  dailyPlay: () => [ROOT, 'dailyplay'] as const,
  /** The round engine's health for the superadmin's dashboard (GET engine status). */
  engineStatus: () => [ROOT, 'engine'] as const,
  /** An admin's rounds that wait for their result (GET engine delayed), of one game or all. */
  delayedRounds: (adminId: string | undefined, gameId: string | undefined) => [ROOT, 'delayedRounds', adminId, gameId] as const,
  /** The catalogue row a console of a game made in Game Master is built from (live/loadgame's `catalogue`). */
  catalogueGame: (gameId: string | undefined, adminId: string | undefined) => [ROOT, 'catalogueGame', gameId, adminId] as const,
  /** The games an account form may grant: those of the chosen superadmin (dataProvider.userGames). */
  userGames: (ownerId: string) => [ROOT, 'usergames', ownerId] as const,
  /** One level of the ISO country / state / city choices, by the path of that level (null: its parent is unset). */
  geoChoices: (path: string | null) => [ROOT, 'geo', path] as const,
  /** The backup folders (GET backup/list-backups): what a new backup or a history clear invalidates. */
  backupList: () => [ROOT, 'backups', 'list'] as const,
  /** One summary report's rows and totals, by the report's key and its call's query (role, id, range). */
  report: (reportKey: string, query: Record<string, unknown>) => [ROOT, 'report', reportKey, query] as const,
  /** The accounts the transaction report's user filter offers, for an operator. */
  /** One search of a user picker: its API path, fixed query and the typed text. */
  userPicker: (path: string, query: Record<string, string | undefined>, q: string) => [ROOT, 'userPicker', path, query, q] as const,
  /** The bet history's game filter choices, for an operator. */
  historyGames: (id: string | undefined) => [ROOT, 'historyGames', id] as const,
  /** The bet history's player filter choices, for an operator. */
  /** The lines of one ticket, while its details are open. */
  ticketLines: (ticketId: string | undefined, gameId: string | undefined) => [ROOT, 'ticketLines', ticketId, gameId] as const,
  /** Every (admin, game) win-percentage list: what a percentage update rewrites and invalidates. */
  percentageLists: () => PERCENTAGE_LIST,
  /** The caller's (admin, game) win percentages: one request serves the Win Percentage page and the Live Result menu. */
  percentageList: (id: string | undefined) => [...PERCENTAGE_LIST, id] as const,
  /** The engine's audit of one settled round (the console's decision dialog). */
  roundDecision: (roundId: string) => [ROOT, 'decision', roundId] as const,
};

export const mutationKeys = {
  /** Every per-folder backup call (restore, download, transfer): the pending ones name the busy folders. */
  backupFolderCall: () => [ROOT, 'backups', 'folder'] as const,
};
