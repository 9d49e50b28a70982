import { COMPLAINT_STATUSES, type ComplaintRow } from '../../domain/api';
import type { Queryable } from '../db/client';
import { col, queryOne, queryRow, queryRows, rowsOf } from '../db/rows';

/** A Contact Us message as the query returns it: the API's row (domain/api.ts), its time still a Date. */
export type ComplaintRecord = Omit<ComplaintRow, 'createdAt'> & { createdAt: Date };

const complaintRow = rowsOf({
  id: col.idText,
  _id: col.idText,
  enquiryType: col.text,
  fullName: col.text,
  email: col.text,
  mobile: col.text,
  complaintDetails: col.text,
  status: col.oneOf(COMPLAINT_STATUSES),
  createdAt: col.date,
});

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
  return queryOne(
    q,
    complaintRow,
    `INSERT INTO complaints (enquiry_type, full_name, email, mobile, details, ip_address) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [c.enquiryType, c.fullName, c.email, c.mobile, c.complaintDetails, ip],
  );
}

/**
 * One page of the messages, newest first, and the total. The page is read by the primary key alone
 * (named with its table: the bare name is the text alias of the select, which sorted "9" above "10"
 * and sorted every message in memory for a deep page);
 * the total is counted apart (a count over the page's select read every message's columns), and not
 * at all when the page shows where the messages end.
 */
export async function listComplaints(q: Queryable, p: { limit: number; offset: number; order?: 'ASC' | 'DESC' }): Promise<{ rows: ComplaintRecord[]; total: number }> {
  const rows = await queryRows(q, complaintRow, `SELECT ${COLUMNS} FROM complaints ORDER BY complaints.id ${p.order === 'ASC' ? 'ASC' : 'DESC'} LIMIT $1 OFFSET $2`, [p.limit, p.offset]);
  if (rows.length < p.limit && (rows.length > 0 || p.offset === 0)) return { rows, total: p.offset + rows.length };
  const { n: total } = await queryOne(q, rowsOf({ n: col.int }), `SELECT count(*)::int AS n FROM complaints`);
  return { rows, total };
}

/** Sets a message's status; the updated row, or null when there is no such message. */
export async function setComplaintStatus(q: Queryable, id: number, status: string): Promise<ComplaintRecord | null> {
  return queryRow(q, complaintRow, `UPDATE complaints SET status = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, status]);
}
