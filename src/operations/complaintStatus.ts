import type { ComplaintRow as ApiComplaintRow, ComplaintStatus } from '../../domain/api';

export { COMPLAINT_STATUSES, type ComplaintStatus } from '../../domain/api';

/** Each status's colour: warning, success and danger (MUI's `error`). */
export const STATUS_COLOR = { Pending: 'warning', Completed: 'success', Cancelled: 'error' } as const satisfies Record<ComplaintStatus, string>;

/** One message of GET complaint (domain/api.ts) as react-admin keys it. */
export type ComplaintRow = ApiComplaintRow & { id: string };

/** The spec's page size (section 9). */
export const COMPLAINTS_PER_PAGE = 10;
