import { z } from 'zod';
import type { DayFigures, PendingRow, ReportUser, TransactionRow, TransactionSide } from '../../domain/api';
import { netRow as netRowOf } from '../../resources/reports';
import { ERROR_REPLIES, ok, rowOf, timestamp } from '../http/schemas';

/** The replies of the reports outside the registry's table reports (resources/reports.ts), their rows checked against domain/api.ts (rowOf). */

const points = z.number();
const netRow = netRowOf(z);

const dayFigures = rowOf<DayFigures>()(z.object({ day: z.string(), playPoints: points, winPoints: points, endPoints: points }));

const pendingRow = rowOf<PendingRow>()(
  z.object({ id: z.string(), username: z.string(), role: z.string(), commission: z.number(), totalcommission: points, pending: points }),
);

const side = rowOf<TransactionSide>()(z.object({ _id: z.string(), username: z.string(), displayName: z.string() }));
const transactionRow = rowOf<TransactionRow>()(
  z
    .object({
      _id: z.string(),
      userId: side.nullable(),
      toUserId: side.nullable(),
      amount: points,
      transactionType: z.string(),
      newBalance: points.nullable(),
      account: side.nullable(),
      transactionMessage: z.string(),
      status: z.string(),
      createdAt: timestamp,
    })
    .meta({ id: 'TransactionRow' }),
);

const reportUser = rowOf<ReportUser>()(z.object({ _id: z.string(), username: z.string(), role: z.string() }));

const period = z.object({ from: z.string(), to: z.string() });
/** Column totals: points per figure, or null where a total would not add up (net to pay). */
const totals = z.record(z.string(), points.nullable());

const replies = <T extends z.ZodType>(success: T) => ({ ...ERROR_REPLIES, 200: success });

export const REPORT_REPLIES = {
  dailyPlay: replies(ok(z.array(dayFigures))),
  // A page of rows, the number of rows, and totals over every row.
  pending: replies(z.looseObject({ success: z.boolean(), data: z.array(pendingRow), total: z.number().int(), totals: z.object({ totalcommission: points, pending: points }) })),
  preview: replies(z.looseObject({ success: z.boolean(), period, pays: points, wallet: points, data: z.array(netRow), total: z.number().int(), totals })),
  send: replies(z.looseObject({ success: z.boolean(), message: z.string(), period, data: z.array(netRow), totals })),
  transactions: replies(z.looseObject({ success: z.boolean(), total: z.number().int(), data: z.array(transactionRow) })),
  users: replies(ok(z.array(reportUser))),
};
