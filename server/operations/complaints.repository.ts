import type { ComplaintRow } from '../../domain/api';
import type { Queryable } from '../db/client';

/** A Contact Us message as the query returns it: the API's row (domain/api.ts), its time still a Date. */
export type ComplaintRecord = Omit<ComplaintRow, 'createdAt'> & { createdAt: Date };

const COLUMNS = `id::text AS "id", id::text AS "_id", enquiry_type AS "enquiryType", full_name AS "fullName", email, mobile, details AS "complaintDetails", status, created_at AS "createdAt"`;

/** The landing page's form, validated by the route. */
export interface NewComplaint {
  enquiryType: string;
  fullName: string;
  email: string;
  mobile: string;
  complaintDetails: string;
}

/** Stores a message with the sender's address; the stored row. */
export async function insertComplaint(q: Queryable, c: NewComplaint, ip: string): Promise<ComplaintRecord> {
  const [row] = await q.query<ComplaintRecord>(
    `INSERT INTO complaints (enquiry_type, full_name, email, mobile, details, ip_address) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [c.enquiryType, c.fullName, c.email, c.mobile, c.complaintDetails, ip],
  );
  return row;
}

/**
 * One page of the messages, newest first, and the total. The page is read by the primary key alone;
 * the total is counted apart (a count over the page's select read every message's columns), and not
 * at all when the page shows where the messages end.
 */
export async function listComplaints(q: Queryable, p: { limit: number; offset: number; order?: 'ASC' | 'DESC' }): Promise<{ rows: ComplaintRecord[]; total: number }> {
  const rows = await q.query<ComplaintRecord>(`SELECT ${COLUMNS} FROM complaints ORDER BY id ${p.order === 'ASC' ? 'ASC' : 'DESC'} LIMIT $1 OFFSET $2`, [p.limit, p.offset]);
  if (rows.length < p.limit && (rows.length > 0 || p.offset === 0)) return { rows, total: p.offset + rows.length };
  const total = Number((await q.query(`SELECT count(*)::int AS n FROM complaints`))[0].n);
  return { rows, total };
}

/** Sets a message's status; the updated row, or null when there is no such message. */
export async function setComplaintStatus(q: Queryable, id: number, status: string): Promise<ComplaintRecord | null> {
  const [row] = await q.query<ComplaintRecord>(`UPDATE complaints SET status = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, status]);
  return row ?? null;
}
