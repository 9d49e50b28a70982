/** The registry's role names, derived from the tier table, and the domain shapes bound to them. */
import { TIERS, type CommissionColumn, type Role, type StaffRole } from './tiers';
import type { AccountRecordOf, TurnoverRowOf } from '../domain/api';
import type { TierDefOf, PageDefOf } from '../domain/tiers';
export type { TierFlags, FieldDef, FieldName, FieldType, ColumnSource, ColumnDef, ExportColumn, RowAction, TierDefOf, PageDefOf } from '../domain/tiers';
export type { Role, StaffRole };

const [first, ...rest] = TIERS.map((t) => t.role);
/** Every role, in the table's order (a non-empty tuple, as zod's enum wants). */
export const ROLES: readonly [Role, ...Role[]] = [first as Role, ...rest];

/** The staff roles in chain order: the tiers another chain tier hangs under. */
export const STAFF_ROLES: readonly StaffRole[] = TIERS.filter((t) => TIERS.some((c) => c.kind === 'chain' && c.parent === t.role)).map(
  (t) => t.role as StaffRole,
);

export type TierDef = TierDefOf<Role>;
/** An account as the API returns it, with this registry's role names. */
export type AccountRecord = AccountRecordOf<Role>;
/** A turnover report row with this registry's commission columns. */
export type TurnoverRow = TurnoverRowOf<CommissionColumn>;
export type PageDef = PageDefOf<StaffRole>;
