import { TIERS, childTierOf, tierOf, type Role, type TierDef } from '../../resources.config';
import { translate } from '../i18n/translate';

/**
 * Client-side readers of the registry (resources.config.ts). No tier, field or column is
 * written here: everything comes from TIERS.
 */

/** Tiers that have screens (a route segment under the role prefix). */
export const screenTiers = (): TierDef[] => TIERS.filter((t) => t.path !== undefined);

/** The tier behind a route segment or resource name, if any. */
export const tierByPath = (path: string | undefined): TierDef | undefined => TIERS.find((t) => t.path === path || t.role === path);

export const resourceOf = (t: TierDef): string => t.path ?? t.role;

/** What people read for a role ("Super Area Manager", "सुपर एरिया मैनेजर"), in the chosen language; never the key ("superareamanager"). */
export const roleLabel = (role: string): string => {
  const tier = TIERS.find((t) => t.role === role);
  return tier ? translate(`td.tier.${role}.singular`, { _: tier.labels.singular }) : role;
};

export { childTierOf, tierOf };
export type { Role, TierDef };

/** The tier whose records fill a tier's reference select (its parent tier: superadmins for admin, admins for super area manager). */
export const referenceTierOf = (t: TierDef): TierDef | null => (t.parent ? tierOf(t.parent) : null);

/** An i18n key for a registry label, the registry's English text being the default. */
export const tierLabelKey = (t: TierDef, label: keyof TierDef['labels'] | keyof TierDef['messages']): string =>
  `td.tier.${t.role}.${label}`;
