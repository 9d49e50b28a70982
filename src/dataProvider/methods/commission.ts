import type { Answer, QueryFor } from '../contract';
import { ApiError } from '../errors';
import { call } from '../http';

/** The period a commission send pays: the last complete day or week. */
export type CommissionDays = NonNullable<QueryFor<'sendCommission'>['days']>;

/** The calendar days a send covers, as YYYY-MM-DD. */
export type CommissionPeriod = Answer<'sendCommission'>['period'];

/** A net-to-pay row of the send and its preview. */
type NetRow = Answer<'sendCommission'>['data'][number];
type PendingRow = Answer<'commissionPayout'>['data'][number];

export interface CommissionPreviewAnswer {
  rows: NetRow[];
  period: CommissionPeriod;
  /** What Send would pay now, in points. */
  pays: number;
  /** The admin's wallet now, in points. */
  wallet: number;
}

export interface CommissionSendAnswer {
  rows: NetRow[];
  /** The server's message (on a paid period: why nothing was paid). */
  message: string | undefined;
  period: CommissionPeriod | null;
}

export interface CommissionMethods {
  /** Pending commission of the accounts of `role` under `id`. */
  getPendingCommissions(params: { role: string; id: string | undefined }): Promise<PendingRow[]>;
  /** What Send would pay for the period, read only. */
  getCommissionPreview(days: CommissionDays): Promise<CommissionPreviewAnswer>;
  /** Pays the period (the server asks for a recent password check); a 200 that says it failed rejects with its message. */
  sendCommission(days: CommissionDays): Promise<CommissionSendAnswer>;
}

export const commissionMethods = (): CommissionMethods => ({
  getPendingCommissions: async ({ role, id }) => (await call('commissionPayout', { query: { role, id } })).json.data,
  getCommissionPreview: async (days) => {
    const { json } = await call('sendCommissionPreview', { query: { days } });
    return { rows: json.data, period: json.period, pays: json.pays, wallet: json.wallet };
  },
  sendCommission: async (days) => {
    const { json } = await call('sendCommission', { query: { days } });
    // The route answers a refusal with its status; a 200 that says it failed is refused all the same.
    if (!json.success) throw new ApiError(json.message, 200, json);
    return { rows: json.data, message: json.message, period: json.period };
  },
});
