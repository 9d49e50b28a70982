import { applyBp, commissionTableTotals, PENDING_FIGURES, pendingCommission, percentToBp, sumPoints } from '../../domain/commission';
import { centsToPoints } from '../../domain/money';
import { dayKey, lastCompletePeriod } from '../../domain/periods';
import { CHAIN, childTierOf, COMMISSION_TIERS, GAME_TIER, type Role } from '../../resources.config';
import type { AccountRef } from '../accounts/repository';
import type { Database, Queryable } from '../db/client';
import { col, queryOne, queryRows, rowsOf, type RowOf } from '../db/rows';
import { pageOfRows } from '../http/list';
import { move } from '../credit/ledger';
import { coded } from '../http/errors';
import { LEAF_TIER } from '../../resources.config';

/** Tiers that earn commission: those the registry gives a commission column. */
const EARNING = COMMISSION_TIERS.map((t) => t.role);

/** The tier of the players' parents: their play is kept per parent and day (parent_days). */
const PARENT_TIER: Role = CHAIN.find((r) => childTierOf(r)?.role === LEAF_TIER)!;

/**
 * Play under each earning account of `root`'s subtree (a player: its own play) on the days after
 * its commission was last paid, optionally only within [from, to], in one statement (one snapshot),
 * from the figures the bet path keeps, never from the tickets.
 * - An account above the players: the play of the days (lo, hi] is the running totals in force at
 *   the end of hi (the newest row when there is no hi) less those in force at the end of lo, summed
 *   over the players' parents under it (parent_days: one probe per parent and day, thousands, not
 *   the hundred thousand players' rows), less the play of the deleted players under it (the reports
 *   count live players; parents keep every player's, so no delete has to rewrite them). Each parent
 *   is read once at hi and once at each distinct lo of the accounts (nearly always one: they are
 *   paid together), matched to the id at that account's place on the parent's path.
 * - A player: the sum of its own day rows (player_days) of the days (lo, hi], a period's one to
 *   seven, found by the rows' key (player, admin, day); for an admin's period, its rows under the
 *   admin read by the admin's range of days instead (accounts.play_elsewhere says whose rows are
 *   also elsewhere). Its totals in force at two days needed every row's end day, read from the table.
 */
const sincePaidRow = rowsOf({ id: col.id, username: col.text, role: col.text, commission: col.num, play: col.cents, win: col.cents });
const walletRow = rowsOf({ w: col.cents });
const paidRow = rowsOf({ id: col.id, role: col.text });

export async function playSincePaid(q: Queryable, root: AccountRef, within?: { from: string; to: string }, role?: Role) {
  const roles = role ? [role] : EARNING;
  // The day each account's counted days start after: its last paid day, or the day before the period.
  const lo = within ? `greatest(commission_paid_through, $5::date - 1)` : `commission_paid_through`;
  // An account whose counted days start at or after the period's end counts nothing.
  const counts = (e: string) => (within ? `(${e}.lo IS NULL OR ${e}.lo < $6::date)` : 'true');
  const hiDay = within ? '$6::date' : `'infinity'::date`;
  // A parent's totals at the end of a day: its newest row on or before it.
  const parentAt = (day: string) => `SELECT x.run_play, x.run_win FROM parent_days x WHERE x.account_id = m.id AND x.day <= ${day} ORDER BY x.day DESC LIMIT 1`;
  // A player's totals at the end of a day: the rows (one per admin it played for) in force then.
  const inForce = (day: string) => `coalesce(x.until, 'infinity'::date) > ${day} AND x.day <= ${day}`;
  // The newest rows in the expression player_days_player_until_idx keys (a probe per player, where
  // "until IS NULL" was planned as a scan of every player's rows).
  const atHi = within ? inForce('$6::date') : `coalesce(x.until, 'infinity'::date) = 'infinity'::date`;
  // An admin's players' rows of a period (a send, its preview): those under the admin through its
  // (admin_id, day) range, and by key only those of the players with rows under another admin
  // (play_elsewhere: moved from another network); else every player's rows by key.
  const network = within !== undefined && root.role === GAME_TIER;
  const playerRows = network
    ? `(SELECT x.player_id, x.day, x.play, x.win FROM player_days x WHERE x.admin_id = $7 AND x.day >= $5::date AND x.day <= $6::date
        UNION ALL
        SELECT x.player_id, x.day, x.play, x.win FROM pe JOIN player_days x ON x.player_id = pe.id AND x.admin_id <> $7
         WHERE pe.play_elsewhere AND x.day >= $5::date AND x.day <= $6::date)`
    : 'player_days';
  return queryRows(
    q,
    sincePaidRow,
    `WITH e AS MATERIALIZED (SELECT id, username, role, commission, ${lo} AS lo, length(path) - length(replace(path, '/', '')) AS k
                               FROM accounts WHERE path LIKE $1 AND deleted_at IS NULL AND role = ANY(array_remove($2::text[], $3))),
          lows AS (SELECT DISTINCT e.lo FROM e WHERE e.lo IS NOT NULL AND ${counts('e')}),
          m AS MATERIALIZED (SELECT id, path FROM accounts WHERE path LIKE $1 AND role = $4 AND EXISTS (SELECT 1 FROM e)),
          dp AS MATERIALIZED (SELECT id, path FROM accounts WHERE path LIKE $1 AND role = $3 AND deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM e)),
          v AS (SELECT m.path, NULL::date AS at, x.run_play AS play, x.run_win AS win FROM m CROSS JOIN LATERAL (${parentAt(hiDay)}) x
                UNION ALL
                SELECT m.path, l.lo, -x.run_play, -x.run_win FROM lows l CROSS JOIN m CROSS JOIN LATERAL (${parentAt('l.lo')}) x
                UNION ALL
                SELECT dp.path, NULL::date, -x.play, -x.win FROM dp
                  CROSS JOIN LATERAL (SELECT sum(x.run_play) AS play, sum(x.run_win) AS win FROM player_days x WHERE x.player_id = dp.id AND ${atHi}) x WHERE x.play IS NOT NULL
                UNION ALL
                SELECT dp.path, l.lo, x.play, x.win FROM lows l CROSS JOIN dp
                  CROSS JOIN LATERAL (SELECT sum(x.run_play) AS play, sum(x.run_win) AS win FROM player_days x WHERE x.player_id = dp.id AND ${inForce('l.lo')}) x WHERE x.play IS NOT NULL),
          vk AS MATERIALIZED (SELECT v.play, v.win, v.at, k.k, nullif(split_part(v.path, '/', k.k), '')::bigint AS e_id
                                FROM v CROSS JOIN (SELECT DISTINCT e.k FROM e) k),
          fig AS (SELECT e.id AS e_id, sum(vk.play) AS play, sum(vk.win) AS win FROM vk JOIN e ON e.id = vk.e_id AND e.k = vk.k
                   WHERE (vk.at IS NULL OR vk.at = e.lo) AND ${counts('e')} GROUP BY e.id),
          pe AS MATERIALIZED (SELECT id, username, role, commission, ${lo} AS lo, play_elsewhere
                                FROM accounts WHERE path LIKE $1 AND deleted_at IS NULL AND role = $3 AND $3 = ANY($2::text[])),
          pfig AS (SELECT pe.id AS e_id, sum(x.play) AS play, sum(x.win) AS win
                     FROM pe JOIN ${playerRows} x ON x.player_id = pe.id AND x.day > coalesce(pe.lo, '-infinity'::date) AND x.day <= ${hiDay}
                    WHERE ${counts('pe')} GROUP BY pe.id)
     SELECT e.id, e.username, e.role, e.commission::text AS commission, coalesce(f.play, 0)::text AS play, coalesce(f.win, 0)::text AS win
       FROM e LEFT JOIN fig f ON f.e_id = e.id
     UNION ALL
     SELECT pe.id, pe.username, pe.role, pe.commission::text, coalesce(f.play, 0)::text, coalesce(f.win, 0)::text
       FROM pe LEFT JOIN pfig f ON f.e_id = pe.id
      ORDER BY id`,
    [`${root.path}%`, roles, LEAF_TIER, PARENT_TIER, ...(within ? [within.from, within.to] : []), ...(network ? [root.id] : [])],
  );
}

/** applyBp (domain/commission.ts) in SQL: cents × bp / 10 000 rounded half-up, in integers (both truncate the division toward zero). */
const applyBpSql = (cents: string, percent: string) => `((${cents}) * round((${percent}) * 100)::bigint + 5000) / 10000`;

const pendingRow = rowsOf({ id: col.idText, username: col.text, role: col.text, commission: col.num, play: col.cents });
const pendingTotalsRow = rowsOf({ total: col.int, play: col.cents, pending: col.cents });

const pendingOf = (r: RowOf<typeof pendingRow>) => ({
  id: r.id,
  username: r.username,
  role: r.role,
  commission: r.commission,
  totalcommission: centsToPoints(r.play),
  pending: centsToPoints(pendingCommission(r.play, percentToBp(r.commission))),
});

/**
 * Pending commission of the accounts of one tier under `root`: play since last paid × rate, a page
 * of them by id, their number and the sums of the figures. The players' play since paid is on their
 * account rows (pending_play, kept by the bet path), so their page and sums are read from the
 * accounts; the tiers above sum their parents' running totals (playSincePaid), a few thousand rows.
 */
export async function pendingCommissions(q: Queryable, root: AccountRef, role: Role, page: { page: number; limit: number }) {
  if (role !== LEAF_TIER) {
    const rows = (await playSincePaid(q, root, undefined, role)).map((r) => pendingOf({ ...r, id: String(r.id) }));
    return { data: pageOfRows(rows, page), total: rows.length, totals: sumPoints(rows, PENDING_FIGURES) };
  }
  const under = `FROM accounts WHERE path LIKE $1 AND role = $2 AND deleted_at IS NULL`;
  const [rows, sums] = await Promise.all([
    queryRows(q, pendingRow, `SELECT id, username, role, commission::text AS commission, pending_play AS play ${under} ORDER BY id LIMIT $3 OFFSET $4`, [
      `${root.path}%`,
      role,
      page.limit,
      (page.page - 1) * page.limit,
    ]),
    queryOne(q, pendingTotalsRow, `SELECT count(*) AS total, coalesce(sum(pending_play), 0) AS play, coalesce(sum(${applyBpSql('pending_play', 'commission')}), 0) AS pending ${under}`, [
      `${root.path}%`,
      role,
    ]),
  ]);
  return { data: rows.map(pendingOf), total: sums.total, totals: { totalcommission: centsToPoints(sums.play), pending: centsToPoints(sums.pending) } };
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
    // Every earning account it may pay, in id order as every writer locks accounts (the moves below
    // then find theirs held): the period's rows it reads and pays stay as committed until it commits;
    // a bet or a void that waits writes after, to the figures this leaves.
    await tx.query(`SELECT 1 FROM accounts WHERE path LIKE $1 AND role = ANY($2::text[]) AND deleted_at IS NULL ORDER BY id FOR NO KEY UPDATE`, [`${admin.path}%`, EARNING]);
    const rows = await periodRows(tx, admin, days);
    const total = rows.reduce((s, r) => s + r.cents, 0n);
    if (total > me.w) {
      throw coded(409, 'commissionWalletShort', { wallet: centsToPoints(me.w).toFixed(2), needed: centsToPoints(total).toFixed(2) });
    }
    for (const r of rows) {
      if (r.cents > 0n) await move(tx, { from: admin.id, to: r.id, cents: r.cents, kind: 'commission', actor, message: `Commission ${days.from}..${days.to}` });
    }
    const paid = await queryRows(
      tx,
      paidRow,
      `UPDATE accounts SET commission_paid_through = $3 WHERE path LIKE $1 AND role = ANY($2::text[]) AND deleted_at IS NULL
          AND (commission_paid_through IS NULL OR commission_paid_through < $3)
       RETURNING id, role`,
      [`${admin.path}%`, EARNING, days.to],
    );
    // The paid players' pending play is counted again from their day rows after the new paid-through
    // day: every writer writes those rows holding the player's account, locked above.
    const players = paid.filter((r) => r.role === LEAF_TIER).map((r) => r.id);
    if (players.length) await tx.query(`SELECT td_pending_play_rebuild($1::bigint[])`, [players]);
    return { period: days, paid: total, ...periodTable(rows) };
  });
}
