/**
 * The registry: the one place an account tier (and every other screen resource) is declared.
 * The server builds each tier's whole route family from it; the client builds its <Resource>s,
 * menus, lists, forms and exports from it. Each resource family has its file in resources/; this
 * file assembles them and binds the domain rules to them. Adding a tier is editing resources/tiers.ts
 * and its i18n strings.
 *
 * Pure data: nothing here imports React or Node.
 */

export * from './resources/roles';
export { TIERS, type CommissionColumn } from './resources/tiers';
export { PAGES, type PageKey } from './resources/pages';
export { REPORTS, REVENUE_FIGURES, SYSTEM_ROLES, pageOfReport, routeOfReport, ownPage, type ReportDef, type ReportDefOf, type ReportText, type ReportColumn, type ReportData } from './resources/reports';
export { GAMES, TITLI_PICTURES } from './resources/games';
export { CATALOGUE, type CatalogueDef } from './resources/catalogue';
export { RECORDS, type RecordDef, type RecordColumn, type RecordFilter, type ChoiceColor } from './resources/records';
export { REST_RESOURCES, type RestResource } from './resources/rest';
export { PROFILE_FIELDS } from './resources/profile';
export { DASHBOARD_COUNTS, type CountField } from './resources/dashboard';

import { createHierarchy } from './domain/hierarchy';
import type { CommissionSplit } from './domain/commission';
import { createGameCatalogue } from './domain/games/catalogue';
import { GAMES } from './resources/games';
import type { Role, StaffRole, TierDef, TierFlags } from './resources/roles';
import { TIERS } from './resources/tiers';
import { PAGES } from './resources/pages';

/** Landing page of each role after login (a player lands on /). */
export const landingPath = (role: Role): string => (role === 'player' ? '/' : `/${role}/dashboard`);

export const SESSION_MINUTES = 30;

/**
 * The hierarchy rules over this table (domain builds them from the table it is given).
 * Bound to the registry's Role type, re-exported so callers import rules and data from one place.
 */
const hierarchy = createHierarchy<Role, StaffRole>(TIERS, PAGES);
export const { tierOf, isStaff, canManageTier, managedTiers, menuFor, canOpenPage, ancestorRoles, mintsPoints, childTierOf } = hierarchy;
export { isStrictDescendant } from './domain/hierarchy';
/** The chain, highest first: the order every hierarchy rule reads. */
export const CHAIN: readonly Role[] = hierarchy.chain;

/** The tiers that earn commission, in chain order (highest first): each feeds its own turnover column. */
export const COMMISSION_TIERS: readonly (TierDef & { commission: NonNullable<TierDef['commission']> })[] = CHAIN.map((r) => TIERS.find((t) => t.role === r)!).filter(
  (t): t is TierDef & { commission: NonNullable<TierDef['commission']> } => !!t.commission,
);
/** The turnover row's commission columns and which tier feeds which, from the tiers' declarations. */
export const COMMISSION_SPLIT: CommissionSplit = {
  columns: COMMISSION_TIERS.map((t) => t.commission.column),
  columnOf: (role) => COMMISSION_TIERS.find((t) => t.role === role)?.commission.column ?? null,
};

/** The chain's root tier (it mints points and owns the system accounts). */
export const ROOT_TIER: TierDef = TIERS.find((t) => t.kind === 'chain' && t.parent === null)!;
/** Whether a role's tier carries a flag (unknown roles carry none). */
export const hasFlag = (role: string, flag: keyof TierFlags): boolean => TIERS.some((t) => t.role === role && t.flags?.[flag] === true);
/** The tiers carrying a flag, in chain order. */
export const tiersWith = (flag: keyof TierFlags): TierDef[] => TIERS.filter((t) => t.flags?.[flag] === true);

/**
 * The games of the registry as the engine, the consoles and the labels read them (domain rules bound
 * to resources/games.ts): the declarations, the look-up by gameId, the games with an own console of
 * the admin, and the labels of option keys and results.
 */
const gameCatalogue = createGameCatalogue(GAMES);
export const GAME_DECLARATIONS = gameCatalogue.declarations;
export const { gameDeclaration, declarationOf, optionLabel, resultLabel } = gameCatalogue;
export const OWN_CONSOLE_GAMES = gameCatalogue.ownConsoles;
/** The tier that runs games (its accounts own the pools, consoles and backups). */
export const GAME_TIER: Role = tiersWith('runsGames')[0]!.role;
/** The chain's leaf: the tier that plays and manages no one. */
export const LEAF_TIER: Role = CHAIN.find((role) => childTierOf(role) === null)!;
