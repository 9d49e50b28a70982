/** The statuses a message moves between, in any order (spec section 4, Complaint status). */
export const COMPLAINT_STATUSES = ['Pending', 'Completed', 'Cancelled'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** Each status's colour: warning, success and danger (MUI's `error`). */
export const STATUS_COLOR = { Pending: 'warning', Completed: 'success', Cancelled: 'error' } as const satisfies Record<ComplaintStatus, string>;

/** One message of GET complaint (spec section 3, Complaint). */
export interface ComplaintRow {
  id: string;
  _id: string;
  enquiryType: string;
  fullName: string;
  email: string;
  mobile: string;
  complaintDetails: string;
  status: ComplaintStatus;
  createdAt: string;
}

/** The spec's page size (section 9). */
export const COMPLAINTS_PER_PAGE = 10;
