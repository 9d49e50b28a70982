import { applyBp, commissionTableTotals, percentToBp } from '../../domain/commission';
import { centsToPoints } from '../../domain/money';
import { dayKey, lastCompletePeriod } from '../../domain/periods';
import { COMMISSION_TIERS, type Role } from '../../resources.config';
import type { AccountRef } from '../accounts/repository';
import type { Database, Queryable } from '../db/client';
import { col, queryOne, queryRows, rowsOf } from '../db/rows';
import { move } from '../credit/ledger';
import { coded } from '../http/errors';
import { LEAF_TIER } from '../../resources.config';

/** Tiers that earn commission: those the registry gives a commission column. */
const EARNING = COMMISSION_TIERS.map((t) => t.role);

/**
 * Play under each earning account of `root`'s subtree (a player: its own play) on the days after
 * its commission was last paid, optionally only within [from, to]. Read from the running totals
 * the bet path keeps per player (player_days), never from the per-day rows: the play of the days
 * (lo, hi] is the totals in force at the end of hi (the newest row when there is no hi) less those
 * in force at the end of lo. Each player's totals are read once at hi and once at each distinct lo
 * of the accounts (nearly always one: they are paid together), then summed into every earning
 * account above it: the id at that tier's place on the player's path (paths list ids from the
 * root), one hash join on (id, place), not a path match per pair.
 */
const sincePaidRow = rowsOf({ id: col.id, username: col.text, role: col.text, commission: col.num, play: col.cents, win: col.cents });
const walletRow = rowsOf({ w: col.cents });

export async function playSincePaid(q: Queryable, root: AccountRef, within?: { from: string; to: string }, role?: Role) {
  // The day each account's counted days start after: its last paid day, or the day before the period.
  const lo = within ? `greatest(commission_paid_through, $4::date - 1)` : `commission_paid_through`;
  // Totals in force at the end of a day: the row from that day or before that the next row does not replace.
  // Read per player for each start day (LATERAL): with no start day nothing is read, where a join
  // was planned as a walk over every player's rows.
  const inForce = (day: string) => `coalesce(x.until, 'infinity'::date) > ${day} AND x.day <= ${day}`;
  const atHi = within ? inForce('$5::date') : `coalesce(x.until, 'infinity'::date) = 'infinity'::date`;
  // An account whose counted days start at or after the period's end counts nothing.
  const counts = within ? `(e.lo IS NULL OR e.lo < $5::date)` : 'true';
  return queryRows(
    q,
    sincePaidRow,
    `WITH e AS MATERIALIZED (SELECT id, username, role, commission, ${lo} AS lo, length(path) - length(replace(path, '/', '')) AS k
                               FROM accounts WHERE path LIKE $1 AND deleted_at IS NULL AND role = ANY($2::text[])),
          lows AS (SELECT DISTINCT e.lo FROM e WHERE e.lo IS NOT NULL AND ${counts}),
          p AS MATERIALIZED (SELECT id, path FROM accounts WHERE path LIKE $1 AND role = $3 AND deleted_at IS NULL),
          v AS (SELECT p.id AS player_id, p.path, NULL::date AS at, sum(x.run_play) AS play, sum(x.run_win) AS win
                  FROM p JOIN player_days x ON x.player_id = p.id AND ${atHi} GROUP BY p.id, p.path
                UNION ALL
                SELECT p.id, p.path, l.lo, -x.play, -x.win
                  FROM lows l CROSS JOIN p
                  JOIN LATERAL (SELECT sum(x.run_play) AS play, sum(x.run_win) AS win FROM player_days x WHERE x.player_id = p.id AND ${inForce('l.lo')}) x ON x.play IS NOT NULL),
          vk AS MATERIALIZED (SELECT v.play, v.win, v.at, k.k, nullif(split_part(v.path, '/', k.k), '')::bigint AS e_id
                                FROM v CROSS JOIN (SELECT DISTINCT e.k FROM e) k),
          fig AS (SELECT e.id AS e_id, sum(vk.play) AS play, sum(vk.win) AS win FROM vk JOIN e ON e.id = vk.e_id AND e.k = vk.k
                   WHERE (vk.at IS NULL OR vk.at = e.lo) AND ${counts} GROUP BY e.id)
     SELECT e.id, e.username, e.role, e.commission::text AS commission, coalesce(f.play, 0)::text AS play, coalesce(f.win, 0)::text AS win
       FROM e LEFT JOIN fig f ON f.e_id = e.id
      ORDER BY e.id`,
    [`${root.path}%`, role ? [role] : EARNING, LEAF_TIER, ...(within ? [within.from, within.to] : [])],
  );
}

/** Pending commission of the accounts of one tier under `root`: play since last paid × rate. */
export async function pendingCommissions(q: Queryable, root: AccountRef, role: Role) {
  const rows = await playSincePaid(q, root, undefined, role);
  return rows.map((r) => ({
    id: String(r.id),
    username: r.username,
    role: r.role,
    commission: r.commission,
    totalcommission: centsToPoints(r.play),
    pending: centsToPoints(applyBp(r.play, percentToBp(r.commission))),
  }));
}

/** The rows of one commission period: each earning account's play (under it) not yet paid for, and its commission. */
async function periodRows(q: Queryable, admin: AccountRef, days: { from: string; to: string }) {
  return (await playSincePaid(q, admin, days)).map(({ id, username, role, play, win, commission }) => ({ id, username, role, play, win, cents: applyBp(play, percentToBp(commission)) }));
}

/** The table of a period: the rows that played or earn, in points, with the totals that add up. */
function periodTable(rows: Awaited<ReturnType<typeof periodRows>>) {
  const data = rows
    .filter((r) => r.play > 0n || r.cents > 0n)
    .map((r) => ({
      id: String(r.id),
      username: r.username,
      role: r.role,
      playPoints: centsToPoints(r.play),
      winPoints: centsToPoints(r.win),
      endPoints: centsToPoints(r.play - r.win),
      commission: centsToPoints(r.cents),
      netToPay: centsToPoints(r.play - r.win - r.cents),
    }));
  return { data, totals: commissionTableTotals(data, LEAF_TIER) };
}

/**
 * What a send would pay now, without paying: the same period and rows, read only (no step-up: it
 * moves nothing). The screen shows it before Send is pressed.
 */
export async function previewCommission(db: Database, admin: AccountRef, kind: 'day' | 'week', now = new Date()) {
  const period = lastCompletePeriod(kind, now);
  const days = { from: dayKey(period.start), to: dayKey(period.end) };
  const rows = await periodRows(db, admin, days);
  const me = await queryOne(db, walletRow, `SELECT wallet_balance::text AS w FROM accounts WHERE id = $1`, [admin.id]);
  const total = rows.reduce((s, r) => s + r.cents, 0n);
  return { period: days, pays: centsToPoints(total), wallet: centsToPoints(me.w), ...periodTable(rows) };
}

/**
 * Commission send: every earning account under the admin gets its commission on the play of the
 * last complete day or week that it was not yet paid for, from the admin's wallet, in one
 * transaction. The admin row is locked first, so two sends at once run one after the other and the
 * second finds the period paid.
 */
export async function sendCommission(db: Database, admin: AccountRef, kind: 'day' | 'week', actor: number, now = new Date()) {
  const period = lastCompletePeriod(kind, now);
  const days = { from: dayKey(period.start), to: dayKey(period.end) };
  return db.transaction(async (tx) => {
    const me = await queryOne(tx, walletRow, `SELECT wallet_balance::text AS w FROM accounts WHERE id = $1 FOR UPDATE`, [admin.id]);
    const rows = await periodRows(tx, admin, days);
    const total = rows.reduce((s, r) => s + r.cents, 0n);
    if (total > me.w) {
      throw coded(409, 'commissionWalletShort', { wallet: centsToPoints(me.w).toFixed(2), needed: centsToPoints(total).toFixed(2) });
    }
    for (const r of rows) {
      if (r.cents > 0n) await move(tx, { from: admin.id, to: r.id, cents: r.cents, kind: 'commission', actor, message: `Commission ${days.from}..${days.to}` });
    }
    await tx.query(
      `UPDATE accounts SET commission_paid_through = $3 WHERE path LIKE $1 AND role = ANY($2::text[]) AND deleted_at IS NULL
          AND (commission_paid_through IS NULL OR commission_paid_through < $3)`,
      [`${admin.path}%`, EARNING, days.to],
    );
    return { period: days, paid: total, ...periodTable(rows) };
  });
}
