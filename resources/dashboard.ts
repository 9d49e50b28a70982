import type { Role } from './roles';

/**
 * The dashboard's count cards, in the product's order, with the field of GET counts/usercount each
 * reads (the API keeps the older names: superdistributor, distributor, retailer).
 */
export const DASHBOARD_COUNTS = [
  { tier: 'player', field: 'count', label: 'Player' },
  { tier: 'superareamanager', field: 'countSuperDistributors', label: 'Super Area manager' },
  { tier: 'areamanager', field: 'countDistributors', label: 'Area Manager' },
  { tier: 'master', field: 'countRetailers', label: 'Master' },
] as const satisfies readonly { tier: Role; field: string; label: string }[];
export type CountField = (typeof DASHBOARD_COUNTS)[number]['field'];

