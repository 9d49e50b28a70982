import type { NetRow, PendingRow } from '../../../domain/api';
import { API_PATHS } from '../../../domain/apiPaths';
import { ApiError } from '../errors';
import { request } from '../http';

/** The period a commission send pays: the last complete day or week. */
export type CommissionDays = 'day' | 'week';

/** The calendar days a send covers, as YYYY-MM-DD. */
export interface CommissionPeriod {
  from: string;
  to: string;
}

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
  getPendingCommissions: async ({ role, id }) => (await request<PendingRow[]>(API_PATHS.commissionPayout, { query: { role, id } })).json.data ?? [],
  getCommissionPreview: async (days) => {
    const { json } = await request<NetRow[]>(API_PATHS.sendCommissionPreview, { query: { days } });
    return { rows: json.data ?? [], period: json.period as CommissionPeriod, pays: Number(json.pays ?? 0), wallet: Number(json.wallet ?? 0) };
  },
  sendCommission: async (days) => {
    const { json } = await request<NetRow[]>(API_PATHS.sendCommission, { query: { days } });
    if (!json.success) throw new ApiError(json.message ?? '', 200, json);
    return { rows: json.data ?? [], message: json.message, period: (json.period as CommissionPeriod | undefined) ?? null };
  },
});
