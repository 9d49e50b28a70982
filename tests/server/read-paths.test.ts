import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain, call, engineAvailable, startHarness, type Chain, type Harness } from './harness';

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
});
