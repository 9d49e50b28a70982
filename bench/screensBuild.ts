/**
 * The screens bench's installation, written with a few set-based statements into a kept database:
 * 10 admins × 2 super area managers × 5 area managers × 10 masters × (players / 1,000) players,
 * a round per admin, game and hour of 30 days, the tickets (ids in time order, as bets write them)
 * with the per-day rows the bet path keeps, ledger rows moving credit down the tree (each with its
 * balances after), activity-log rows, complaints and a few open sessions. Secondary indexes of the
 * big tables are dropped before loading and made again after it, then VACUUM ANALYZE.
 */
import type pg from 'pg';
import { rebuildPlayAggregates } from '../server/games/repository';
import type { Queryable, Row } from '../server/db/client';
import { deferIndexes } from '../server/operations/backupIndexes';

export interface ScreensSize {
  players: number;
  tickets: number;
  ledger: number;
  logs: number;
  complaints: number;
}

export const DAYS = 30;

const num = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number(v));

export function sizeFromEnv(env = process.env): ScreensSize {
  return {
    players: num(env.BENCH_SCREENS_PLAYERS, 100_000),
    tickets: num(env.BENCH_SCREENS_TICKETS, 10_000_000),
    ledger: num(env.BENCH_SCREENS_LEDGER, 10_000_000),
    logs: num(env.BENCH_SCREENS_LOGS, 1_000_000),
    complaints: num(env.BENCH_SCREENS_COMPLAINTS, 100_000),
  };
}

/** The big tables whose secondary indexes are made after loading (one sort each, not a row at a time). */
const LOADED = ['tickets', 'transactions', 'activity_logs', 'daily_play', 'complaints'];

async function timed(label: string, f: () => Promise<unknown>) {
  const t = performance.now();
  await f();
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

export async function buildInstallation(db: pg.Client, rootId: number, size: ScreensSize) {
  // The product's functions that run here take the server's Queryable.
  const q: Queryable = { query: async <T extends Row>(text: string, params?: unknown[]) => (await db.query(text, params)).rows as T[] };
  // Large sorts in memory, and no wait for the disk at each statement: a lost build is built again.
  await db.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'; SET synchronous_commit = off`);
  const perMaster = Math.max(1, Math.round(size.players / 1000));
  const level = async (role: string, parentRole: string, per: number, prefix: string, commission: string) => {
    await db.query(
      `INSERT INTO accounts (username, role, parent_id, path, password_hash, commission, created_at)
       SELECT $3 || p.id || '_' || g, $1, p.id, p.path, p.password_hash, $4::numeric, now() - make_interval(mins => (random() * ${DAYS} * 1440)::int)
         FROM accounts p CROSS JOIN generate_series(1, $2::int) g WHERE p.role = $5 AND p.deleted_at IS NULL ORDER BY p.id, g`,
      [role, per, prefix, commission, parentRole],
    );
    await db.query(`UPDATE accounts SET path = path || id || '/' WHERE role = $1`, [role]);
  };
  await timed('tree', async () => {
    await db.query(
      `INSERT INTO accounts (username, role, parent_id, path, password_hash)
       SELECT 'SA' || g, 'admin', $1::bigint, '/' || $1::bigint || '/', (SELECT password_hash FROM accounts WHERE id = $1::bigint) FROM generate_series(1, 10) g`,
      [rootId],
    );
    await db.query(`UPDATE accounts SET path = path || id || '/' WHERE role = 'admin'`);
    await level('superareamanager', 'admin', 2, 'SS', '5');
    await level('areamanager', 'superareamanager', 5, 'SD', '3');
    await level('master', 'areamanager', 10, 'SM', '2');
    await level('player', 'master', perMaster, 'SP', '1');
    await db.query(`INSERT INTO account_games (account_id, game_id) SELECT a.id, g.id FROM accounts a CROSS JOIN games g WHERE a.role = 'admin'`);
    await db.query(
      `INSERT INTO accounts (username, role, parent_id, path, password_hash)
       SELECT 'SPOOL' || a.id || '_' || g.id, 'pool', a.id, a.path, a.password_hash FROM accounts a CROSS JOIN games g WHERE a.role = 'admin'`,
    );
    await db.query(`UPDATE accounts SET path = path || id || '/' WHERE role = 'pool'`);
    await db.query(
      `INSERT INTO game_pools (admin_id, game_id, account_id)
       SELECT a.parent_id, g.id, a.id FROM accounts a JOIN games g ON a.username = 'SPOOL' || a.parent_id || '_' || g.id WHERE a.role = 'pool'`,
    );
  });
  const dropped = (
    await db.query<{ indexdef: string; indexname: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [LOADED],
    )
  ).rows;
  for (const ix of dropped) await db.query(`DROP INDEX ${ix.indexname}`);

  await timed('rounds', () =>
    db.query(
      `INSERT INTO rounds (admin_id, game_id, draw_no, opens_at, closes_at, status, result, booster)
       SELECT p.admin_id, p.game_id, h, now() - make_interval(hours => h), now() - make_interval(hours => h) + interval '1 minute', 'settled', '1', 1
         FROM game_pools p CROSS JOIN generate_series(1, ${DAYS * 24 - 1}) h`,
    ),
  );
  await timed(`${size.tickets} tickets`, async () => {
    await db.query(`CREATE TEMP TABLE bp AS SELECT row_number() OVER (ORDER BY id) AS n, id, split_part(path, '/', 3)::bigint AS admin_id FROM accounts WHERE role = 'player'`);
    await db.query(`CREATE UNIQUE INDEX ON bp (n)`);
    await db.query(`CREATE TEMP TABLE gn AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM games`);
    await db.query(`CREATE TEMP TABLE rr AS SELECT r.id, r.admin_id, gn.n AS game_no, r.game_id, r.draw_no, r.opens_at, r.closes_at FROM rounds r JOIN gn ON gn.id = r.game_id`);
    await db.query(`CREATE UNIQUE INDEX ON rr (admin_id, game_no, draw_no)`);
    await db.query(`ANALYZE bp; ANALYZE rr`);
    const players = Number((await db.query(`SELECT count(*) AS n FROM bp`)).rows[0].n);
    const games = Number((await db.query(`SELECT count(*) AS n FROM gn`)).rows[0].n);
    // Ordered by the round's time, so ticket ids grow with time as the bet path writes them.
    await db.query(
      `INSERT INTO tickets (round_id, player_id, admin_id, game_id, stake, win, created_at, settled_at)
       SELECT rr.id, bp.id, bp.admin_id, rr.game_id, s.stake, CASE WHEN random() < 0.1 THEN s.stake * 9 ELSE 0 END,
              rr.opens_at + make_interval(secs => s.sec), rr.closes_at
         FROM (SELECT 1 + floor(random() * $2)::int AS n, 1 + floor(random() * $3)::int AS game, 1 + floor(random() * ${DAYS * 24 - 1})::int AS h,
                      (100 * (1 + floor(random() * 50)))::bigint AS stake, floor(random() * 59)::int AS sec FROM generate_series(1, $1) t) s
         JOIN bp ON bp.n = s.n
         JOIN rr ON rr.admin_id = bp.admin_id AND rr.game_no = s.game AND rr.draw_no = s.h
        ORDER BY rr.opens_at DESC, s.sec`,
      [size.tickets, players, games],
    );
  });
  await timed('per-day rows', async () => {
    await db.query(
      `INSERT INTO daily_play (player_id, day, game_id, admin_id, play, win)
       SELECT player_id, created_at::date, game_id, admin_id, sum(stake), sum(win) FROM tickets GROUP BY 1, 2, 3, 4`,
    );
    await db.query('BEGIN');
    await rebuildPlayAggregates(q);
    await db.query('COMMIT');
  });
  // Loaded as a restore loads them: the count triggers off, then counted once, spread over the paths.
  await db.query(`ALTER TABLE transactions DISABLE TRIGGER transactions_counts_insert; ALTER TABLE activity_logs DISABLE TRIGGER activity_logs_counts_insert`);
  await timed(`${size.ledger} ledger rows`, () => ledger(db, rootId, size.ledger));
  await timed(`${size.logs} activity rows`, () => activityRows(db, size.logs));
  await db.query(`ALTER TABLE transactions ENABLE TRIGGER transactions_counts_insert; ALTER TABLE activity_logs ENABLE TRIGGER activity_logs_counts_insert`);
  // Their keys set aside while counting, as a restore does: one sort each instead of 20 M index inserts.
  await timed('kept counts of the ledger and the log', async () => {
    const keys = await deferIndexes(q, ['ledger_counts', 'activity_counts']);
    await db.query(`SELECT td_ledger_counts_rebuild(); SELECT td_activity_counts_rebuild()`);
    await keys.rebuild();
  });
  await timed(`${size.complaints} complaints`, () =>
    db.query(
      `INSERT INTO complaints (enquiry_type, full_name, email, mobile, details, status, ip_address, created_at)
       SELECT 'General', 'Caller ' || g, 'caller' || g || '@example.com', '98' || lpad(g::text, 8, '0'), 'Details of complaint ' || g,
              (ARRAY['Pending', 'Completed', 'Cancelled'])[1 + g % 3], '10.1.0.1', now() - make_interval(secs => (g::double precision / $1) * ${DAYS} * 86400)
         FROM generate_series(1, $1) g ORDER BY g DESC`,
      [size.complaints],
    ),
  );
  await timed('sessions and logins', async () => {
    await db.query(`UPDATE accounts SET last_login = now() - make_interval(mins => (random() * 10000)::int) WHERE role = 'player' AND id % 3 = 0`);
    await db.query(
      `INSERT INTO sessions (token_hash, account_id, ip, expires_at)
       SELECT 'bench-' || id, id, '10.2.0.1', now() + interval '30 days' FROM accounts WHERE role = 'player' AND id % 20 = 0`,
    );
  });
  await timed('indexes', async () => {
    for (const ix of dropped) await db.query(ix.indexdef);
  });
  await timed('vacuum analyze', () => db.query('VACUUM ANALYZE'));
}

/**
 * Credit moved down the tree: the superadmin mints, then each tier passes one transfer to each child
 * (enough for everything the child passes on), then the players get the bulk, many small transfers
 * each from their master. Rows of a tier come after the rows of the tier above (ids), so no balance
 * goes below zero; each row's balances after are running sums, and wallets are the ledger's sums.
 */
async function ledger(db: pg.Client, rootId: number, rows: number) {
  const players = Number((await db.query(`SELECT count(*) AS n FROM accounts WHERE role = 'player'`)).rows[0].n);
  const perPlayer = Math.max(1, Math.floor((rows - 3000) / Math.max(1, players)));
  const unit = 1000; // 10 points a transfer to a player
  await db.query(`CREATE TEMP TABLE mv (seq bigserial, from_id bigint, to_id bigint, amount bigint, at timestamptz)`);
  // What each account needs: its players' transfers below it, plus 1,000 points kept by it and by each staff account below.
  await db.query(
    `CREATE TEMP TABLE need AS
     SELECT a.id, a.parent_id, a.role,
            100000 * (SELECT count(*) FROM accounts s WHERE s.role IN ('admin', 'superareamanager', 'areamanager', 'master') AND s.path LIKE a.path || '%')
            + ${perPlayer * unit}::bigint * (SELECT count(*) FROM accounts p WHERE p.role = 'player' AND p.path LIKE a.path || '%') AS cents
       FROM accounts a WHERE a.role IN ('admin', 'superareamanager', 'areamanager', 'master')`,
  );
  const start = `now() - interval '${DAYS} days'`;
  await db.query(`INSERT INTO mv (from_id, to_id, amount, at) SELECT NULL, $1::bigint, sum(cents) + 100000, ${start} FROM need WHERE role = 'admin'`, [rootId]);
  for (const role of ['admin', 'superareamanager', 'areamanager', 'master']) {
    await db.query(`INSERT INTO mv (from_id, to_id, amount, at) SELECT parent_id, id, cents, ${start} + interval '1 minute' FROM need WHERE role = $1 ORDER BY id`, [role]);
  }
  await db.query(
    `INSERT INTO mv (from_id, to_id, amount, at)
     SELECT p.parent_id, p.id, ${unit}, ${start} + make_interval(secs => 120 + (k::double precision / ${perPlayer}) * (${DAYS} * 86400 - 300))
       FROM generate_series(1, ${perPlayer}) k CROSS JOIN accounts p WHERE p.role = 'player' ORDER BY k, p.id`,
  );
  // Every sender received exactly one row, before its first send: its balance after a send is that
  // row's amount less what it sent so far.
  await db.query(`CREATE TEMP TABLE got AS SELECT to_id AS id, amount FROM mv WHERE from_id IS NULL OR to_id IN (SELECT id FROM need)`);
  await db.query(
    `INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, status, message, from_balance_after, to_balance_after, created_at)
     SELECT m.from_id, m.to_id, m.amount, CASE WHEN m.from_id IS NULL THEN 'generated' ELSE 'transfer' END, coalesce(m.from_id, m.to_id), 'completed', 'bench',
            CASE WHEN m.from_id IS NULL THEN NULL ELSE g.amount - sum(m.amount) OVER (PARTITION BY m.from_id ORDER BY m.seq) END,
            sum(m.amount) OVER (PARTITION BY m.to_id ORDER BY m.seq), m.at
       FROM mv m LEFT JOIN got g ON g.id = m.from_id ORDER BY m.seq`,
  );
  await db.query(
    `UPDATE accounts a SET wallet_balance = n.n FROM (
       SELECT id, sum(d) AS n FROM (SELECT to_id AS id, amount AS d FROM mv UNION ALL SELECT from_id, -amount FROM mv WHERE from_id IS NOT NULL) x GROUP BY id) n
      WHERE n.id = a.id`,
  );
}

/** Activity rows of the staff, newest with the highest ids, spread over the days; numbered staff joined by number, not looked up per row. */
export async function activityRows(db: pg.Client, rows: number) {
  await db.query(`CREATE TEMP TABLE staff AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, username FROM accounts WHERE role NOT IN ('player', 'pool')`);
  await db.query(
    `INSERT INTO activity_logs (account_id, username, subject, request_url, method, ip_address, created_at)
     SELECT s.id, s.username, x.subject, '/api/' || x.subject, 'POST', '10.0.' || (g % 250) || '.' || (g % 200), now() - make_interval(secs => (g::double precision / $1) * ${DAYS} * 86400)
       FROM generate_series(1, $1) g
       CROSS JOIN LATERAL (SELECT (ARRAY['Login', 'Credit transfer', 'Account update', 'Create account', 'Commission send'])[1 + g % 5] AS subject) x
       JOIN staff s ON s.n = g % (SELECT count(*) FROM staff)
      ORDER BY g DESC`,
    [rows],
  );
}
