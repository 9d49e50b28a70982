/** The registry's role names and the domain shapes bound to them. */
export const ROLES = [
  'superadmin',
  'admin',
  'superareamanager',
  'areamanager',
  'master',
  'player',
  'gift',
  'loan',
  'otc',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles that log into the back office (everyone but the player and the system kinds). */
export type StaffRole = 'superadmin' | 'admin' | 'superareamanager' | 'areamanager' | 'master';

import type { AccountRecordOf } from '../domain/api';
import type { TierDefOf, PageDefOf } from '../domain/tiers';
export type { TierFlags, FieldDef, FieldName, FieldType, ColumnSource, ColumnDef, ExportColumn, RowAction, TierDefOf, PageDefOf } from '../domain/tiers';

export type TierDef = TierDefOf<Role>;
/** An account as the API returns it, with this registry's role names. */
export type AccountRecord = AccountRecordOf<Role>;
export type PageDef = PageDefOf<StaffRole>;

