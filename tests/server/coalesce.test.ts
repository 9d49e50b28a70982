import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Coalescer } from '../../server/db/coalesce';
import { call, createAs, engineAvailable, loginAs, startHarness, type Harness } from './harness';

/**
 * On the embedded engine the lookups of requests that arrive together (sessions, bet
 * targets) go in one statement. Each caller still gets its own answer, read after it asked.
 */
describe.runIf(engineAvailable())('one read for many callers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('serves a lone caller at once and the callers that came meanwhile together, each with its own row', async () => {
    const reads: number[][] = [];
    const squares = new Coalescer<number, number | null>(async (keys) => {
      reads.push(keys);
      const rows = await h.db.query(`SELECT x, x * x AS sq FROM unnest($1::int[]) AS x WHERE x <> 13`, [keys]);
      return new Map(rows.map((r) => [Number(r.x), Number(r.sq)]));
    }, null);
    const keys = Array.from({ length: 40 }, (_, i) => i % 20);
    const got = await Promise.all(keys.map((k) => squares.load(k)));
    expect(got).toEqual(keys.map((k) => (k === 13 ? null : k * k)));
    // The first read starts with the first caller (key 0); the 39 others wait for it and share the
    // next, which reads each of their 20 keys once (key 0 again: it was asked again after the first read began).
    expect(reads.map((r) => r.length)).toEqual([1, 20]);
  });

  it('fails only the callers of a failed read; the next read goes on', async () => {
    let n = 0;
    const flaky = new Coalescer<string, string | null>(async (keys) => {
      n++;
      if (n === 2) await h.db.query(`SELECT 1 / 0`);
      const rows = await h.db.query(`SELECT k FROM unnest($1::text[]) AS k`, [keys]);
      return new Map(rows.map((r) => [String(r.k), String(r.k).toUpperCase()]));
    }, null);
    const first = flaky.load('a');
    const second = [flaky.load('b'), flaky.load('c')];
    expect(await first).toBe('A');
    await expect(Promise.all(second)).rejects.toThrow(/division by zero/);
    expect(await flaky.load('d')).toBe('D');
  });

  it('answers each request of a burst by its own session: live ones their account, ended ones 401', async () => {
    const admins = await Promise.all(Array.from({ length: 8 }, () => createAs(h, h.root.token, 'admin', h.root.id)));
    const tokens = await Promise.all(admins.map((a) => loginAs(h, a.username)));
    // Every third session ends before the burst.
    for (let i = 0; i < tokens.length; i += 3) expect((await call(h, 'POST', '/api/auth/logout', { token: tokens[i] })).status).toBeLessThan(300);
    const burst = [...tokens, ...tokens, 'no-such-token'];
    const answers = await Promise.all(burst.map((token) => call(h, 'GET', '/api/auth/session', { token })));
    burst.forEach((token, j) => {
      const i = tokens.indexOf(token);
      if (i < 0 || i % 3 === 0) expect(answers[j].status, `request ${j}`).toBe(401);
      else {
        expect(answers[j].status, `request ${j}`).toBe(200);
        expect(JSON.stringify(answers[j].json)).toContain(admins[i].username);
      }
    });
  });
});
