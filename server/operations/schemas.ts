import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ACTIVITY_SUBJECTS, type ActivityCode } from '../../domain/activity';
import { MESSAGES, type MessageCode } from '../../domain/messages';
import { COMPLAINT_STATUSES, type ComplaintRow, type LogRow } from '../../domain/api';
import { ERROR_REPLIES, file, rowOf, timestamp } from '../http/schemas';

/** The activity log's and Contact Us' rows, checked against their one type in domain/api.ts. */

export const logRow = rowOf<LogRow>()(
  z
    .object({
      id: z.string(),
      _id: z.string(),
      userId: z.string().nullable(),
      username: z.string().nullable(),
      subject: z.string(),
      code: z.enum(Object.keys(ACTIVITY_SUBJECTS) as [ActivityCode, ...ActivityCode[]]).nullable(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
      outcome: z
        .object({
          status: z.number().int(),
          reason: z.enum(Object.keys(MESSAGES) as [MessageCode, ...MessageCode[]]).nullable().optional(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).nullable().optional(),
        })
        .nullable(),
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

const replies = <T>(success: T) => ({ ...ERROR_REPLIES, 200: success });

/** Backups and Clear History (server/operations/backup.routes.ts): what each call answers. */
export const BACKUP_REPLIES = {
  exported: replies(z.looseObject({ success: z.boolean(), message: z.string(), folder: z.string(), rows: z.number().int() })),
  list: replies(
    z.looseObject({
      success: z.boolean(),
      message: z.string(),
      folders: z.array(z.looseObject({ folder: z.string(), createdAt: z.string(), size: z.number(), rows: z.number() })),
    }),
  ),
  download: replies(file<Readable>('application/gzip', 'The backup folder as a .tar.gz archive')),
  transferred: replies(z.looseObject({ success: z.boolean(), message: z.string(), folder: z.string(), location: z.string(), bytes: z.number(), sha256: z.string() })),
  restored: replies(z.looseObject({ success: z.boolean(), message: z.string(), rows: z.number().int() })),
  cleared: replies(
    z.looseObject({
      success: z.boolean(),
      message: z.string(),
      backup: z.string(),
      counts: z.record(z.string(), z.number()),
      models: z.record(z.string(), z.string()),
    }),
  ),
};
