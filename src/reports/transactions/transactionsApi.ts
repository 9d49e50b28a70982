import { parseLedgerText, POOL_NAME } from '../../../domain/ledgerText';
import { matchTemplate } from '../../../domain/templates';
import type { Role } from '../../../resources.config';
import { formatDateTime } from '../../tiers/cellValue';
import type { ExportSheet } from '../../tiers/exportRows';
import type { TransactionSide, TransactionRow, ReportUser } from '../../../domain/api';
export type { TransactionSide, TransactionRow, ReportUser };



/** The status filter's values; '' is every status. */
export const TX_STATUSES = ['completed', 'pending', 'cancelled'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];
/** `single`: the viewed account's own movements; `all`: those of its whole subtree. */
export const TX_TYPES = ['all', 'single'] as const;
export type TxType = (typeof TX_TYPES)[number];


export interface TransactionFilter {
  /** The viewed account; null is the operator itself. */
  user: ReportUser | null;
  status: TxStatus | '';
  type: TxType;
  /** One calendar day as YYYY-MM-DD, or '' for every day. */
  date: string;
}

export interface Operator {
  id: string;
  role: Role;
}

/**
 * The query of GET reports/transactionreport for a filter (paging aside): the viewed account as
 * `id` and `role`, the operator as `currentid`. The server reads `date` as a day of its own time
 * zone, so the picked day goes as that day's local noon with no offset, never as a UTC instant.
 */
export const transactionQuery = (f: TransactionFilter, me: Operator) => ({
  status: f.status,
  id: f.user?._id ?? me.id,
  date: f.date ? `${f.date}T12:00:00` : undefined,
  currentid: me.id,
  type: f.type,
  role: f.user?.role ?? me.role,
});
export type TransactionQuery = ReturnType<typeof transactionQuery>;

/** Credit for points coming in, debit for points going out. */
export const amountKind = (amount: number): 'credit' | 'debit' | null => (amount > 0 ? 'credit' : amount < 0 ? 'debit' : null);

/** A completed movement reads green; any other status (failed, refunded…) red, so a problem stands out. */
export const statusColor = (status: string): 'success' | 'error' => (status === 'completed' ? 'success' : 'error');

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The name a ledger side goes by on the screen and in the export: a game pool's in the reader's words. */
export function sideName(t: Translate, side: TransactionSide | null | undefined): string | null {
  if (!side) return null;
  const pool = side.displayName !== side.username ? matchTemplate(POOL_NAME, side.displayName) : null;
  return pool ? t('td.ledger.pool', pool) : side.displayName || side.username;
}

/** A ledger row's stored English text in the reader's words (as stored when no template matches: a newer kind of text). */
export function messageText(t: Translate, text: string): string {
  const m = parseLedgerText(text);
  if (!m) return text;
  const params: Record<string, string> = { ...m.params };
  if (params.model) params.model = t(`td.ledger.model.${params.model}`, { _: params.model });
  return t(`td.ledger.${m.code}`, { ...params, _: text });
}

/** A ledger kind or status in the screen's words (the stored word when the texts do not know it). */
export const typeLabel = (t: Translate, type: string): string => t(`td.transactions.types.${type}`, { _: type });
export const statusLabel = (t: Translate, status: string): string => t(`td.transactions.statuses.${status}`, { _: status });

/** TransactionsList.xlsx: the table's columns, amounts and balances as numbers a spreadsheet can add. */
export function transactionSheet(rows: readonly TransactionRow[], t: Translate): ExportSheet {
  const na = t('td.app.na');
  const col = (key: string) => t(`td.transactions.${key}`);
  return {
    file: 'TransactionsList.xlsx',
    sheet: t('td.transactions.exportSheet'),
    rows: rows.map((r) => ({
      [col('from')]: sideName(t, r.userId) ?? na,
      [col('to')]: sideName(t, r.toUserId) ?? na,
      [col('amount')]: r.amount,
      [col('transactionType')]: typeLabel(t, r.transactionType),
      [col('newBalance')]: r.newBalance ?? na,
      [col('message')]: messageText(t, r.transactionMessage),
      [col('status')]: statusLabel(t, r.status),
      [col('createdAt')]: formatDateTime(r.createdAt) ?? na,
    })),
    widths: [20, 20, 15, 18, 15, 40, 12, 22].map((wch) => ({ wch })),
  };
}
