import { z } from 'zod';
import { COMPLAINT_STATUSES, type ComplaintRow, type LogRow } from '../../domain/api';
import { rowOf, timestamp } from '../http/schemas';

/** The activity log's and Contact Us' rows, checked against their one type in domain/api.ts. */

export const logRow = rowOf<LogRow>()(
  z
    .object({
      id: z.string(),
      _id: z.string(),
      userId: z.string().nullable(),
      username: z.string().nullable(),
      subject: z.string(),
      requestUrl: z.string(),
      method: z.string(),
      ipAddress: z.string().nullable(),
      createdAt: timestamp,
    })
    .meta({ id: 'Log' }),
);

export const complaintRow = rowOf<ComplaintRow>()(
  z
    .object({
      id: z.string(),
      _id: z.string(),
      enquiryType: z.string(),
      fullName: z.string(),
      email: z.string(),
      mobile: z.string(),
      complaintDetails: z.string(),
      status: z.enum(COMPLAINT_STATUSES),
      createdAt: timestamp,
    })
    .meta({ id: 'Complaint' }),
);
