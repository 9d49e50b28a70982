import { z } from 'zod';
import type { AdminCommissionRow, DayFigures, NetRow, PendingRow, ReportUser, TransactionRow, TransactionSide } from '../../domain/api';
import { COMMISSION_SPLIT, type CommissionColumn, type TurnoverRow } from '../../resources.config';
import { ERROR_REPLIES, ok, rowOf, timestamp } from '../http/schemas';

/** The reports' replies, their rows checked against domain/api.ts (rowOf). */

const points = z.number();

export const turnoverRow = rowOf<TurnoverRow>()(
  z
    .object({
      id: z.string(),
      username: z.string(),
      role: z.string(),
      compercentage: points,
      playPoints: points,
      winPoints: points,
      endPoints: points,
      ...(Object.fromEntries(COMMISSION_SPLIT.columns.map((c) => [c, points])) as Record<CommissionColumn, typeof points>),
      commission: points,
      netToPay: points,
    })
    .meta({ id: 'TurnoverRow' }),
);

export const netRow = rowOf<NetRow>()(
  z
    .object({ id: z.string(), username: z.string(), role: z.string(), playPoints: points, winPoints: points, endPoints: points, commission: points, netToPay: points })
    .meta({ id: 'NetRow' }),
);

const dayFigures = rowOf<DayFigures>()(z.object({ day: z.string(), playPoints: points, winPoints: points, endPoints: points }));

const adminCommissionRow = rowOf<AdminCommissionRow>()(
  z.object({
    gameId: z.string(),
    gameName: z.string(),
    username: z.string(),
    nofDigit: z.number(),
    winpercentage: z.number(),
    totalpoints: points,
    totalwinpoints: points,
    commission: points,
  }),
);

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
  turnover: replies(z.looseObject({ success: z.boolean(), role: z.string(), childRole: z.string().nullable(), data: z.array(turnoverRow) })),
  dailyPlay: replies(ok(z.array(dayFigures))),
  revenue: replies(z.looseObject({ success: z.boolean(), role: z.string(), data: z.array(netRow) })),
  revenueById: replies(z.looseObject({ success: z.boolean(), role: z.string(), data: z.array(netRow), totals })),
  adminCommission: replies(ok(z.array(adminCommissionRow))),
  pending: replies(ok(z.array(pendingRow))),
  preview: replies(z.looseObject({ success: z.boolean(), period, pays: points, wallet: points, data: z.array(netRow), totals })),
  send: replies(z.looseObject({ success: z.boolean(), message: z.string(), period, data: z.array(netRow), totals })),
  transactions: replies(z.looseObject({ success: z.boolean(), total: z.number().int(), data: z.array(transactionRow) })),
  users: replies(ok(z.array(reportUser))),
};
