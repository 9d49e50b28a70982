import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBet } from '../../server/games/bets';
import { buildChain, call, createAs, engineAvailable, fund, startHarness, twoNetworks, type Chain, type Harness } from './harness';

/** 30 players under the chain's master, named so that prefixes pick known sets (`pick_a00`… and two with LIKE's wildcards). */
async function addPlayers(h: Harness, c: Chain): Promise<string[]> {
  const names = [...Array.from({ length: 28 }, (_, i) => `Pick_A${String(i).padStart(2, '0')}`), 'pick%x', 'pick_y'];
  await h.db.query(
    `INSERT INTO accounts (username, role, parent_id, path, password_hash)
     SELECT n, 'player', m.id, m.path, m.password_hash FROM accounts m CROSS JOIN unnest($2::text[]) n WHERE m.id = $1`,
    [Number(c.master._id), names],
  );
  await h.db.query(`UPDATE accounts SET path = path || id || '/' WHERE parent_id = $1 AND path NOT LIKE '%/' || id || '/'`, [Number(c.master._id)]);
  return names;
}

describe.runIf(engineAvailable())('read paths at scale: pickers search on the server', () => {
  let h: Harness;
  let c: Chain;
  let names: string[];

  beforeAll(async () => {
    h = await startHarness();
    c = await buildChain(h);
    names = await addPlayers(h, c);
  });
  afterAll(async () => h?.close());

  const users = async (url: string, token: string) => {
    const r = await call(h, 'GET', url, { token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return (r.json.data as { _id: string; username: string }[]).map((u) => u.username);
  };

  it('answers the first 20 usernames in order when nothing is typed, not every user', async () => {
    for (const url of ['/api/history/loadUsers', '/api/reports/findallusers?role=player']) {
      const got = await users(url, c.tokens.admin);
      expect(got).toHaveLength(20);
      // Byte order of the lowercased name (the index's C collation): the same on both engines.
      expect(got).toEqual([...got].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    }
  });

  it('searches by the start of the username, whatever its case, up to limit', async () => {
    for (const base of ['/api/history/loadUsers?', '/api/reports/findallusers?role=player&']) {
      expect(await users(`${base}q=pick_a1`, c.tokens.master)).toEqual(names.filter((n) => n.startsWith('Pick_A1')));
      expect(await users(`${base}q=PICK_A0&limit=3`, c.tokens.master)).toEqual(['Pick_A00', 'Pick_A01', 'Pick_A02']);
      expect(await users(`${base}q=nobody`, c.tokens.master)).toEqual([]);
    }
  });

  it('matches LIKE wildcards typed by the operator as text', async () => {
    expect(await users('/api/history/loadUsers?q=pick%25', c.tokens.admin)).toEqual(['pick%x']);
    expect(await users('/api/reports/findallusers?q=pick_y', c.tokens.admin)).toEqual(['pick_y']);
  });

  it('keeps to the caller subtree', async () => {
    // The superadmin's picker finds the chain's player; an account outside the subtree does not see it.
    expect(await users(`/api/history/loadUsers?q=${c.player.username}`, h.root.token)).toEqual([c.player.username]);
    expect(await users(`/api/reports/findallusers?q=${c.admin.username}`, c.tokens.master)).toEqual([]);
  });

  it('refuses a bad limit with a 400 naming it', async () => {
    for (const url of ['/api/history/loadUsers?limit=0', '/api/reports/findallusers?limit=101', '/api/history/loadUsers?limit=x']) {
      const r = await call(h, 'GET', url, { token: c.tokens.admin });
      expect(r.status).toBe(400);
      expect(String(r.json.message)).toMatch(/limit/);
    }
  });
});

describe.runIf(engineAvailable())('read paths at scale: a tier list with no paging asked', () => {
  let h: Harness;
  let c: Chain;

  beforeAll(async () => {
    h = await startHarness();
    c = await buildChain(h);
    await h.db.query(
      `INSERT INTO accounts (username, role, parent_id, path, password_hash)
       SELECT 'bare' || lpad(g::text, 3, '0'), 'player', m.id, m.path, m.password_hash FROM accounts m CROSS JOIN generate_series(1, 150) g WHERE m.id = $1`,
      [Number(c.master._id)],
    );
    await h.db.query(`UPDATE accounts SET path = path || id || '/' WHERE parent_id = $1 AND username LIKE 'bare%'`, [Number(c.master._id)]);
  });
  afterAll(async () => h?.close());

  it('answers its first page of 100 and the total of all, not the table', async () => {
    const r = await call(h, 'GET', '/api/player/all', { token: c.tokens.master });
    expect(r.status).toBe(200);
    expect(r.json.data as unknown[]).toHaveLength(100);
    expect(r.json.total).toBe(151);
    expect(r.headers['content-range']).toBe('player 0-99/151');
  });

  it('still answers a small tier whole', async () => {
    const r = await call(h, 'GET', '/api/master/all', { token: c.tokens.admin });
    expect(r.json.data as unknown[]).toHaveLength(1);
    expect(r.json.total).toBe(1);
  });

  it('answers a page asked for, up to 500 rows', async () => {
    const r = await call(h, 'GET', '/api/player/all?page=1&perPage=150', { token: c.tokens.master });
    expect(r.json.data as unknown[]).toHaveLength(150);
  });

  it('pages every sort and search as one query over the whole tier did, with the same totals', async () => {
    // Values that tie and values that are missing: online state, last login, balance and commission.
    await h.db.query(`UPDATE accounts SET last_login = now() - make_interval(mins => (id % 7)::int), wallet_balance = (id % 5) * 100, commission = (id % 3)::numeric WHERE username LIKE 'bare%' AND id % 4 <> 0`);
    await h.db.query(
      `INSERT INTO sessions (token_hash, account_id, ip, expires_at) SELECT 'lp-' || id, id, '10.0.0.1', now() + interval '1 day' FROM accounts WHERE username LIKE 'bare%' AND id % 3 = 0`,
    );
    const columns: Record<string, string> = {
      username: 'a.username',
      createdAt: 'a.created_at',
      lastLogin: 'a.last_login',
      isLoggedIn: `EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND s.revoked_at IS NULL AND s.expires_at > now())`,
      walletBalance: 'a.wallet_balance',
      commission: 'a.commission',
      userStatus: 'a.active',
      id: 'a.id',
    };
    const masterPath = String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(c.master._id)]))[0]!.path);
    /** The page as the list read it in one query: the whole tier under the master, sorted, counted over all rows. */
    const before = async (sort: string, order: string, offset: number, limit: number, search?: string) => {
      const rows = await h.db.query(
        `SELECT a.id::text AS id, count(*) OVER ()::int AS total FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
          WHERE a.deleted_at IS NULL AND a.role = 'player' AND a.path LIKE $1 AND a.path <> $2 ${search ? `AND a.username ILIKE $5` : ''}
          ORDER BY ${columns[sort]} ${order} NULLS LAST, a.id ${order} LIMIT $3 OFFSET $4`,
        [`${masterPath}%`, masterPath, limit, offset, ...(search ? [`%${search}%`] : [])],
      );
      return { ids: rows.map((r) => String(r.id)), total: rows[0] ? Number(rows[0].total) : null };
    };
    let pages = 0;
    for (const sort of Object.keys(columns))
      for (const order of ['ASC', 'DESC'])
        for (const search of [undefined, 'bare01'])
          for (const page of [1, 2, 4, 5]) {
            const r = await call(h, 'GET', `/api/player/all?page=${page}&perPage=40&sort=${sort}&order=${order}${search ? `&search=${search}` : ''}`, { token: c.tokens.master });
            expect(r.status, JSON.stringify(r.json)).toBe(200);
            const want = await before(sort, order, (page - 1) * 40, 40, search);
            const label = `${sort} ${order} ${search ?? ''} page ${page}`;
            expect((r.json.data as { _id: string }[]).map((x) => x._id), label).toEqual(want.ids);
            expect(r.json.total, label).toBe(want.total ?? (search ? 10 : 151));
            pages++;
          }
    expect(pages).toBe(128);
  });
});

describe.runIf(engineAvailable())('read paths at scale: the Bet List picks tickets by their own columns, totals from the day sums', () => {
  let h: Harness;
  let acc: Record<string, { _id: string; username: string }> = {};
  let tok: Record<string, string> = {};
  const FUN_TARGET = 'MNOQqWWi';
  const TRIPLE = 'zuuhVbBM';

  beforeAll(async () => {
    h = await startHarness();
    // Two admins, each with a player: the root sees both, an admin only its own.
    ({ acc, tok } = await twoNetworks(h));
    const now = new Date();
    for (const k of ['a', 'b']) {
      const id = Number(acc[`player${k}`]!._id);
      const path = String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [id]))[0]!.path);
      for (let i = 1; i <= 3; i++) await placeBet(h.db, { id, path }, FUN_TARGET, [{ option: String(i), qty: i }], now);
      await placeBet(h.db, { id, path }, TRIPLE, [{ option: 'single:5', qty: 2 }], now);
    }
  });
  afterAll(async () => h?.close());

  const history = async (token: string, query = '') => {
    const r = await call(h, 'GET', `/api/history/gamehistory?limit=2${query}`, { token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json as unknown as { total: number; totals: { play: number; win: number }; data: { ticketId: string; username: string; playpoints: number }[] };
  };
  /** The same figures straight from the tickets. */
  const scan = async (where: string, params: unknown[]) => {
    const [r] = await h.db.query(`SELECT count(*)::int AS n, coalesce(sum(stake), 0)::text AS play FROM tickets t WHERE ${where}`, params);
    return { n: Number(r!.n), play: Number(r!.play) / 100 };
  };

  it('gives the root every ticket, newest first, with the count and play of the tickets', async () => {
    const all = await scan('true', []);
    expect(all.n).toBe(8);
    const p1 = await history(h.root.token);
    expect(p1.total).toBe(all.n);
    expect(p1.totals.play).toBe(all.play);
    const p2 = await history(h.root.token, '&page=2');
    const ids = [...p1.data, ...p2.data].map((x) => Number(x.ticketId));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(4);
  });

  it('gives an admin its own tickets only, and a game filter its game only', async () => {
    const mine = await scan('admin_id = $1', [Number(acc.admina!._id)]);
    const a = await history(tok.admina!);
    expect([a.total, a.totals.play]).toEqual([mine.n, mine.play]);
    expect(a.data.every((x) => x.username === acc.playera!.username)).toBe(true);
    const fun = await scan(`admin_id = $1 AND game_id = (SELECT id FROM games WHERE game_id = $2)`, [Number(acc.admina!._id), FUN_TARGET]);
    const g = await history(tok.admina!, `&gameId=${FUN_TARGET}`);
    expect([g.total, g.totals.play]).toEqual([fun.n, fun.play]);
  });

  it('sums the tickets themselves for a window that is not whole days, and for one player', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const all = await scan('true', []);
    const w = await history(h.root.token, `&startDate=${from}&endDate=${to}`);
    expect([w.total, w.totals.play]).toEqual([all.n, all.play]);
    const one = await scan('player_id = $1', [Number(acc.playerb!._id)]);
    const p = await history(h.root.token, `&userId=${acc.playerb!._id}`);
    expect([p.total, p.totals.play]).toEqual([one.n, one.play]);
    const none = await history(h.root.token, `&startDate=${new Date(Date.now() + 7_200_000).toISOString()}&endDate=${to}`);
    expect([none.total, none.totals.play, none.data]).toEqual([0, 0, []]);
  });
});

describe.runIf(engineAvailable())('read paths at scale: activity logs and contact messages page apart from their totals', () => {
  let h: Harness;
  let c: Chain;

  beforeAll(async () => {
    h = await startHarness();
    c = await buildChain(h);
    // Rows of each chain account, of an account outside the chain's admin and of no account, interleaved.
    const other = await createAs(h, h.root.token, 'admin', h.root.id);
    const ids = [c.admin._id, c.sam._id, c.am._id, c.master._id, c.player._id, other._id].map(Number);
    await h.db.query(
      `INSERT INTO activity_logs (account_id, username, subject, request_url, method, ip_address, created_at)
       SELECT CASE WHEN g % 7 = 6 THEN NULL ELSE ($1::bigint[])[1 + g % 6] END, 'user' || (g % 7), CASE WHEN g % 5 = 0 THEN 'Login' ELSE 'Credit transfer' END,
              '/api/x', 'POST', '10.0.0.1', now() - make_interval(hours => (200 - g)::int)
         FROM generate_series(1, 200) g`,
      [ids],
    );
    await h.db.query(
      `INSERT INTO complaints (enquiry_type, full_name, email, mobile, details, ip_address) SELECT 'General', 'Caller ' || g, 'c@example.com', '98', 'Details', '10.0.0.1' FROM generate_series(1, 23) g`,
    );
  });
  afterAll(async () => h?.close());

  /** The page and total as one query over every filtered row read them before. */
  const logsBefore = async (path: string, withoutAccount: boolean, offset: number, limit: number, extra = '', extraParams: unknown[] = []) => {
    const rows = await h.db.query(
      `SELECT l.id::text AS id, count(*) OVER ()::int AS total FROM activity_logs l LEFT JOIN accounts a ON a.id = l.account_id
        WHERE (a.path LIKE $1${withoutAccount ? ' OR l.account_id IS NULL' : ''})${extra} ORDER BY l.id DESC LIMIT $2 OFFSET $3`,
      [`${path}%`, limit, offset, ...extraParams],
    );
    return { ids: rows.map((r) => String(r.id)), total: rows[0] ? Number(rows[0].total) : 0 };
  };
  const pathOf = async (id: string) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(id)]))[0]!.path);

  it('gives each reader the page and total it had, for every page and a search', async () => {
    const readers = [
      { token: h.root.token, path: await pathOf(h.root.id), withoutAccount: true },
      { token: c.tokens.admin, path: await pathOf(c.admin._id), withoutAccount: false },
      { token: c.tokens.master, path: await pathOf(c.master._id), withoutAccount: false },
    ];
    let pages = 0;
    for (const r of readers)
      for (const [query, extra, extraParams] of [
        ['', '', []],
        ['&search=login', ` AND (l.username ILIKE $4 OR l.subject ILIKE $4)`, ['%login%']],
      ] as const)
        for (const page of [1, 2, 3, 4, 9, 40]) {
          const got = await call(h, 'GET', `/api/logs?page=${page}&limit=10${query}`, { token: r.token });
          expect(got.status, JSON.stringify(got.json)).toBe(200);
          const want = await logsBefore(r.path, r.withoutAccount, (page - 1) * 10, 10, extra, [...extraParams]);
          expect((got.json.data as { _id: string }[]).map((x) => x._id), `${r.path} ${query} page ${page}`).toEqual(want.ids);
          expect(got.json.total, `${r.path} ${query} page ${page}`).toBe(want.total);
          pages++;
        }
    expect(pages).toBe(36);
  });

  it('pages the transaction report of every reader, its own rows and its subtree’s, with the total it had', async () => {
    for (let i = 0; i < 6; i++) {
      await fund(h, c.admin._id, 50, 'admin');
      await fund(h, c.master._id, 10, 'master');
      await fund(h, c.player._id, 2, 'player');
    }
    const readers = [
      { token: h.root.token, id: h.root.id },
      { token: c.tokens.admin, id: c.admin._id },
      { token: c.tokens.master, id: c.master._id },
    ];
    let pages = 0;
    for (const r of readers) {
      const path = await pathOf(r.id);
      for (const type of ['single', 'all'] as const)
        for (const page of [1, 2, 3, 5, 9]) {
          const got = await call(h, 'GET', `/api/reports/transactionreport?type=${type}&page=${page}&limit=4`, { token: r.token });
          expect(got.status, JSON.stringify(got.json)).toBe(200);
          const inView = (side: string) => (type === 'single' ? `${side} = $1` : `${side} IN (SELECT id FROM accounts WHERE path LIKE $2)`);
          const want = await h.db.query(
            `SELECT t.id::text AS id, count(*) OVER ()::int AS total FROM transactions t
              WHERE (${inView('t.from_id')} OR ${inView('t.to_id')}) AND $1::bigint IS NOT NULL AND $2::text IS NOT NULL ORDER BY t.created_at DESC, t.id DESC LIMIT 4 OFFSET $3`,
            [Number(r.id), `${path}%`, (page - 1) * 4],
          );
          const label = `${path} ${type} page ${page}`;
          expect((got.json.data as { _id: string }[]).map((x) => x._id), label).toEqual(want.map((x) => String(x.id)));
          expect(got.json.total, label).toBe(want[0] ? Number(want[0].total) : 0);
          pages++;
        }
    }
    expect(pages).toBe(30);
  });

  it('pages the contact messages both ways with their total, past the end too', async () => {
    // Ordered by the number: as text, "9" would come before "23" (an alias named id sorts as text).
    const all = (await h.db.query(`SELECT id FROM complaints ORDER BY id DESC`)).map((r) => String(r.id));
    expect(all).toHaveLength(23);
    expect(Number(all[0])).toBeGreaterThan(Number(all[all.length - 1]));
    for (const order of ['DESC', 'ASC'] as const) {
      const want = order === 'DESC' ? all : [...all].reverse();
      for (const page of [1, 2, 3, 4]) {
        const r = await call(h, 'GET', `/api/complaint?page=${page}&perPage=10&order=${order}`, { token: h.root.token });
        expect(r.status, JSON.stringify(r.json)).toBe(200);
        expect((r.json.data as { _id: string }[]).map((x) => x._id), `${order} page ${page}`).toEqual(want.slice((page - 1) * 10, page * 10));
        expect([r.json.total, r.json.totalComplaints, r.json.totalPages], `${order} page ${page}`).toEqual([23, 23, 3]);
      }
    }
  });
});
