import { useMutation } from '@tanstack/react-query';
import type { NetRow } from '../../../domain/api';
import { COMMISSION_TABLE_FIGURES, commissionTableTotals, pendingCommission, percentToBp, type PENDING_FIGURES } from '../../../domain/commission';
import { centsToPoints } from '../../../domain/money';
import { CHAIN, GAME_TIER, LEAF_TIER, managedTiers, type Role, type TierDef } from '../../../resources.config';
import { currentSession } from '../../auth/session';
import { useDataProvider } from 'react-admin';
import type { TierDataProvider } from '../../dataProvider/dataProvider';
import { ApiError } from '../../dataProvider/errors';
import type { CommissionDays, CommissionPeriod } from '../../dataProvider/methods/commission';
import type { PendingRow } from '../../../domain/api';
export type { PendingRow };

/** Points with at most 2 decimals as integer cents (the API's figures are exact cents). */
const toCents = (points: number): bigint => BigInt(Math.round(points * 100));

/** The tier that runs the games (the admin): commission is earned by the chain tiers below it. */
const earnsCommission = (role: Role): boolean => CHAIN.indexOf(role) > CHAIN.indexOf(GAME_TIER);

/**
 * The role filter of the pending-commission view: the tiers the viewer manages
 * that earn commission, highest first. Superadmin and admin: super area manager to player; each
 * lower role: the tiers below its own.
 */
export const payoutRoleOptions = (viewer: Role): TierDef[] => managedTiers(viewer).filter((t) => t.kind === 'chain' && earnsCommission(t.role));

/** A role's label from the registry (the role itself for a name the registry does not know). */


/** The pending commission shown for a row: the domain's formula over cents and basis points, never floats. */
export const pendingOf = (row: Pick<PendingRow, 'commission' | 'totalcommission'>): number =>
  centsToPoints(pendingCommission(toCents(row.totalcommission), percentToBp(row.commission)));

/** The footer of the pending-commission table: the server's sums over every row of the tier. */
export type PendingTotals = Record<(typeof PENDING_FIGURES)[number], number>;

export type { CommissionDays };
export const COMMISSION_DAYS: readonly CommissionDays[] = ['day', 'week'];

/** One row of GET reports/sendcommission: an account's play, win, end, commission and net to pay for the period. */
export type CommissionRow = NetRow;

/** The commission table's five figures. */
export const COMMISSION_FIGURES = COMMISSION_TABLE_FIGURES;
/** The footer: only what adds up (domain/commission.ts); net to pay has no total. */
export const commissionTotals = (rows: readonly CommissionRow[]) => commissionTableTotals(rows, LEAF_TIER);

export interface SendResult {
  rows: CommissionRow[];
  /** The server's message (on a paid period: why nothing was paid). */
  message: string | undefined;
  /** The calendar days the send covered, as YYYY-MM-DD. */
  period: CommissionPeriod | null;
  /** Whether any commission moved. */
  paid: boolean;
}

/** GET reports/sendcommission?days=…: pays the last complete day or week (needs a recent password check). */
export function useSendCommission() {
  const dataProvider = useDataProvider<TierDataProvider>();
  return useMutation({
    mutationFn: async (days: CommissionDays): Promise<SendResult> => {
      const sent = await dataProvider.sendCommission(days);
      return { ...sent, paid: commissionTotals(sent.rows).commission > 0 };
    },
  });
}

/** The step-up was missing or has expired (the server answers 403): the next send asks again. */
export const needsPassword = (err: unknown): boolean => err instanceof ApiError && err.status === 403;

/**
 * The send's failure text: the server's message when it gave one, else the generic failure text; a call
 * that never got an answer is the network error.
 */
export function sendFailure(err: unknown, texts: { failed: string; network: string }): string {
  if (!(err instanceof ApiError)) return texts.network;
  return err.body?.message ? err.message : texts.failed;
}

/** The logged-in operator: the viewer of the reports. */
export const viewer = (): { id: string; role: Role } | null => {
  const s = currentSession();
  return s ? { id: s.user._id, role: s.role } : null;
};
