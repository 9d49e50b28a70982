import { API_PATHS } from '../../../domain/apiPaths';
import { request } from '../http';

/** The server's enquiry types (server/operations/complaints.routes.ts ENQUIRY_TYPES). */
export const ENQUIRY_TYPES = ['General', 'Account', 'Payment', 'Technical', 'Other'] as const;

export interface ContactValues {
  enquiryType: (typeof ENQUIRY_TYPES)[number];
  fullName: string;
  email: string;
  mobile: string;
  complaintDetails: string;
}

/** The calls of the public pages, which live outside react-admin. */
export interface PublicMethods {
  /**
   * Posts a complaint as a visitor: no session at all (no token, no cookie), whoever is logged in in
   * this browser. The server validates and rate-limits; its message is what the visitor reads.
   */
  sendComplaint(values: ContactValues): Promise<string | undefined>;
}

export const publicMethods = (): PublicMethods => ({
  sendComplaint: async (values) => (await request(API_PATHS.complaints, { method: 'POST', body: values, session: false })).json.message,
});
