import type { Answer, QueryFor } from '../contract';
import { ApiError } from '../errors';
import { call } from '../http';

/** The period a commission send pays: the last complete day or week. */
export type CommissionDays = NonNullable<QueryFor<'sendCommission'>['days']>;

/** The calendar days a send covers, as YYYY-MM-DD. */
export type CommissionPeriod = Answer<'sendCommission'>['period'];

/** A net-to-pay row of the send and its preview. */
type NetRow = Answer<'sendCommission'>['data'][number];

/** The preview's envelope beside its page of rows (the list's meta): the period, what Send would pay, the wallet, the totals over every row. */
export type CommissionPreviewMeta = Pick<Answer<'sendCommissionPreview'>, 'period' | 'pays' | 'wallet' | 'totals'>;

export interface CommissionSendAnswer {
  rows: NetRow[];
  /** The server's message (on a paid period: why nothing was paid). */
  message: string | undefined;
  period: CommissionPeriod | null;
}

export interface CommissionMethods {
  /** Pays the period (the server asks for a recent password check); a 200 that says it failed rejects with its message. */
  sendCommission(days: CommissionDays): Promise<CommissionSendAnswer>;
}

export const commissionMethods = (): CommissionMethods => ({
  sendCommission: async (days) => {
    const { json } = await call('sendCommission', { query: { days } });
    // The route answers a refusal with its status; a 200 that says it failed is refused all the same.
    if (!json.success) throw new ApiError(json.message, 200, json);
    return { rows: json.data, message: json.message, period: json.period };
  },
});
