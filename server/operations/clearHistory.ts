import { z } from 'zod';
import { DATE_YEARS, dayKey, dayRange, parseDate } from '../../domain/periods';
import type { AccountRef } from '../access/repository';
import type { Database, Queryable } from '../db/client';
import { col, queryOne, rowsOf } from '../db/rows';
import { checkInvariant } from '../credit/ledger';
import { coded } from '../http/errors';
import { schemaMessage } from '../http/schemaMessages';
import { exportBackup, type BackupPlace } from './backup';
import { clearPlayFigures } from './clearPlayFigures';

/**
 * The model names the API accepts (the earlier product's collections) and what each clears here. Ledger kinds
 * are cleared by replacing the rows with one carried-forward row per account. Accounts are never
 * cleared, and generated or burned points stay on record.
 */
export const HISTORY_MODELS = {
  ticket: 'tickets of settled rounds and their lines',
  draw: 'settled rounds, with their tickets and console results',
  result: 'console results that were drawn',
  upcome: 'console results never drawn',
  commission: 'ledger: commission payments',
  refertransaction: 'ledger: transfers and adjustments',
  usertransaction: 'ledger: bets, wins and game-pool movements',
  userlog: 'activity log',
  frequency: 'per-day play figures (the reports read these)',
  counter: 'login failure counters',
  user: 'nothing: accounts are never cleared',
} as const;
export type HistoryModel = keyof typeof HISTORY_MODELS;

const LEDGER_KINDS: Partial<Record<HistoryModel, string[]>> = {
  commission: ['commission'],
  refertransaction: ['transfer', 'adjust'],
  usertransaction: ['bet', 'win', 'pool'],
};

/** The model names, in the order of the map above (the Clear History screen's order). */
export const MODEL_NAMES = Object.keys(HISTORY_MODELS) as [HistoryModel, ...HistoryModel[]];
const KNOWN = MODEL_NAMES.join(', ');
const shown = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))).slice(0, 40);

const SELECT_DATES = schemaMessage('selectDates');

/** A day of the range, as the date picker sends it: a date of DATE_YEARS, or the range is not chosen. */
const rangeDay = z
  .string({ error: SELECT_DATES })
  .transform((v, ctx) => parseDate(v) ?? (ctx.addIssue({ code: 'custom', message: SELECT_DATES }), z.NEVER))
  .meta({ type: 'string', format: 'date', description: `A date (YYYY-MM-DD or ISO 8601) in the years ${DATE_YEARS.min} to ${DATE_YEARS.max}` });

/**
 * POST backup/deleterecords, refused in the screen's order (both dates, then the models) before any
 * backup is taken or row cleared: `models` is a list of the names above and nothing else (not a
 * comma-separated string, not an inherited property name such as "__proto__"), at least one.
 */
export const clearHistoryBody = z
  .object({
    startDate: rangeDay,
    endDate: rangeDay,
    models: z
      .array(z.enum(MODEL_NAMES, { error: (iss) => schemaMessage('unknownModelNamed', { model: shown(iss.input), models: KNOWN }) }), {
        error: (iss) => (iss.input === undefined ? schemaMessage('selectModels') : schemaMessage('modelsList', { models: KNOWN })),
      })
      .min(1, schemaMessage('selectModels'))
      .max(MODEL_NAMES.length * 2, { error: schemaMessage('tooManyModels') })
      .transform((list) => [...new Set(list)]),
  })
  .refine((b) => b.startDate.getTime() <= b.endDate.getTime(), { message: schemaMessage('startAfterEnd'), path: ['startDate'] })
  .transform(({ startDate, endDate, models }) => ({ models, range: dayRange(startDate, endDate) }));

/** Deletes one model's rows of the admin's subtree in the range; answers how many went. */
async function clearModel(tx: Queryable, model: Exclude<HistoryModel, BetWritten>, admin: AccountRef, start: Date, end: Date): Promise<number> {
  const sub = `${admin.path}%`;
  const inTree = (col: string) => `(${col} IN (SELECT id FROM accounts WHERE path LIKE $1))`;
  const count = async (sql: string, params: unknown[]) => (await queryOne(tx, rowsOf({ n: col.int }), `WITH d AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM d`, params)).n;
  switch (model) {
    case 'ticket':
      await tx.query(`DELETE FROM ticket_lines WHERE ticket_id IN (SELECT id FROM tickets WHERE admin_id = $1 AND created_at BETWEEN $2 AND $3 AND settled_at IS NOT NULL)`, [admin.id, start, end]);
      return count(`DELETE FROM tickets WHERE admin_id = $1 AND created_at BETWEEN $2 AND $3 AND settled_at IS NOT NULL`, [admin.id, start, end]);
    case 'draw': {
      const rounds = `SELECT id FROM rounds WHERE admin_id = $1 AND status = 'settled' AND closes_at BETWEEN $2 AND $3`;
      await tx.query(`DELETE FROM ticket_lines WHERE ticket_id IN (SELECT id FROM tickets WHERE round_id IN (${rounds}))`, [admin.id, start, end]);
      await tx.query(`DELETE FROM tickets WHERE round_id IN (${rounds})`, [admin.id, start, end]);
      await tx.query(`DELETE FROM console_results WHERE round_id IN (${rounds})`, [admin.id, start, end]);
      return count(`DELETE FROM rounds WHERE id IN (${rounds})`, [admin.id, start, end]);
    }
    case 'result':
      return count(`DELETE FROM console_results WHERE admin_id = $1 AND round_id IS NOT NULL AND created_at BETWEEN $2 AND $3`, [admin.id, start, end]);
    case 'upcome':
      return count(`DELETE FROM console_results WHERE admin_id = $1 AND round_id IS NULL AND created_at BETWEEN $2 AND $3`, [admin.id, start, end]);
    case 'userlog':
      return count(`DELETE FROM activity_logs WHERE ${inTree('account_id')} AND created_at BETWEEN $2 AND $3`, [sub, start, end]);
    case 'counter':
      return count(`DELETE FROM login_guards WHERE key IN (SELECT lower(username) FROM accounts WHERE path LIKE $1) AND locked_until IS NULL`, [sub]);
    case 'user':
      return 0;
    default: {
      // Ledger rows whose every side is in the admin's network: each account's cleared rows become one carried row.
      const kinds = LEDGER_KINDS[model]!;
      const where = `kind = ANY($4::text[]) AND created_at BETWEEN $2 AND $3
        AND (from_id IS NULL OR ${inTree('from_id')}) AND (to_id IS NULL OR ${inTree('to_id')})`;
      const r = await queryOne(
        tx,
        rowsOf({ deleted: col.int, carried: col.int }),
        `WITH gone AS (DELETE FROM transactions WHERE ${where} RETURNING from_id, to_id, amount),
              net AS (SELECT id, sum(amount) AS n FROM (SELECT to_id AS id, amount FROM gone WHERE to_id IS NOT NULL
                                                         UNION ALL SELECT from_id, -amount FROM gone WHERE from_id IS NOT NULL) x GROUP BY id),
              carried AS (INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, message)
                          SELECT CASE WHEN n < 0 THEN id END, CASE WHEN n > 0 THEN id END, abs(n), 'carried', $5, $6 FROM net WHERE n <> 0
                          RETURNING 1)
         SELECT (SELECT count(*) FROM gone)::int AS deleted, (SELECT count(*) FROM carried)::int AS carried`,
        [sub, start, end, kinds, admin.id, `Carried forward: ${model} ${dayKey(start)}..${dayKey(end)}`],
      );
      return r.deleted;
    }
  }
}

/**
 * Models whose rows every accepted bet writes (its player's day, and the figures read from those
 * days): cleared after the rest has committed, a batch of players at a time (clearPlayFigures), so
 * that a bet waits for one batch, never for the whole clear.
 */
const BET_WRITTEN = ['frequency'] as const satisfies readonly HistoryModel[];
type BetWritten = (typeof BET_WRITTEN)[number];
const betWritten = (m: HistoryModel): m is BetWritten => (BET_WRITTEN as readonly HistoryModel[]).includes(m);

/**
 * The chosen models but the per-day figures, in the caller's transaction, and the ledger invariant
 * re-checked before it may commit. Nothing here is a row a bet writes or waits for (a bet only adds
 * tickets, ledger rows and counts of its own), so bets of any admin go on while it is open.
 */
export async function clearRecords(tx: Queryable, admin: AccountRef, models: readonly HistoryModel[], range: { start: Date; end: Date }): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const m of models) if (!betWritten(m)) counts[m] = await clearModel(tx, m, admin, range.start, range.end);
  const inv = await checkInvariant(tx);
  if (!inv.ok) throw coded(409, 'clearBreaksLedger');
  return counts;
}

/**
 * Clear History: a backup first; then the chosen models of the admin's network in the range,
 * deleted in one transaction that re-checks the ledger invariant before it commits (the points
 * move together or not at all); then the per-day play figures, if chosen, in short batches of
 * their own. None of it holds anything of another admin's bets.
 */
export async function clearHistory(db: Database, place: BackupPlace, admin: AccountRef, models: HistoryModel[], range: { start: Date; end: Date }) {
  const { folder } = await exportBackup(db, place);
  // The counts in the order asked, whatever order the models are cleared in.
  const counts: Record<string, number> = Object.fromEntries(models.map((m) => [m, 0]));
  if (models.some((m) => !betWritten(m))) Object.assign(counts, await db.transaction((tx) => clearRecords(tx, admin, models, range)));
  if (models.some(betWritten)) counts.frequency = await clearPlayFigures(db, admin.id, dayKey(range.start), dayKey(range.end));
  return { backup: folder, counts };
}
