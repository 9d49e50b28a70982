import type { BodyFor } from '../contract';
import { call } from '../http';

/** The form's values: the body Contact Us's endpoint reads. */
export type ContactValues = BodyFor<'complaints'>;

type EnquiryType = ContactValues['enquiryType'];
/** The enquiry types the form offers, in its order: the endpoint's, every one of them (a missing or unknown one fails the type check). */
const OFFERED: Record<EnquiryType, true> = { General: true, Account: true, Payment: true, Technical: true, Other: true };
export const ENQUIRY_TYPES = Object.keys(OFFERED) as EnquiryType[];

/** The calls of the public pages, which live outside react-admin. */
export interface PublicMethods {
  /**
   * Posts a complaint as a visitor: no session at all (no token, no cookie), whoever is logged in in
   * this browser. The server validates and rate-limits; its message is what the visitor reads.
   */
  sendComplaint(values: ContactValues): Promise<string | undefined>;
}

export const publicMethods = (): PublicMethods => ({
  sendComplaint: async (values) => (await call('complaints', { method: 'POST', body: values, session: false })).json.message,
});
