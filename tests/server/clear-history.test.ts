import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { call, createAs, createChain, engineAvailable, fund, grantBackups, loginAs, startHarness, type Harness } from './harness';

describe.runIf(engineAvailable())('clear history', () => {
  let h: Harness;
  let chain: Awaited<ReturnType<typeof createChain>>;
  let admin: string;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-clear-'));
  const today = new Date().toISOString();

  beforeAll(async () => {
    h = await startHarness({ backupDir: dir });
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    chain = await createChain(h, (await createAs(h, h.root.token, 'admin', h.root.id, { games }))._id);
    await grantBackups(h, chain.admin._id);
    await fund(h, chain.admin._id, 100, 'admin');
    await fund(h, chain.player._id, 30, 'player');
    const player = await loginAs(h, chain.player.username);
    expect((await call(h, 'POST', '/api/app/createbet', { token: player, body: { gameId: 'MNOQqWWi', draws: [{ drawno: '1', drawqty: 3 }] } })).status).toBe(201);
    admin = await loginAs(h, chain.admin.username);
    // The admin moves points down its own network: these rows are its to clear.
    expect((await call(h, 'POST', '/api/superareamanager/credit-transfer', { token: admin, body: { password: 'secret-pass', transferAmount: 10, toUserId: chain.superareamanager._id } })).status).toBe(200);
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const clear = (body: Record<string, unknown>) => call(h, 'POST', '/api/backup/deleterecords', { token: admin, body });

  it('needs an admin, a fresh password check, both dates and known models', async () => {
    expect((await clear({ startDate: today, endDate: today, models: ['userlog'] })).status).toBe(403);
    expect((await call(h, 'GET', '/api/backup/list-backups', { token: await loginAs(h, chain.master.username) })).status).toBe(403);
    expect((await call(h, 'POST', '/api/auth/checkpassword', { token: admin, body: { password: 'secret-pass' } })).status).toBe(200);
    expect((await clear({ startDate: today, models: ['userlog'] })).json).toMatchObject({ code: 'selectDates', message: 'Please select start and end date.' });
    expect((await clear({ startDate: today, endDate: today, models: [] })).json).toMatchObject({ code: 'selectModels', field: 'models', message: 'Select at least one model to clear' });
    const unknown = await clear({ startDate: today, endDate: today, models: ['everything'] });
    expect([unknown.status, String(unknown.json.message)]).toEqual([400, expect.stringContaining("Unknown model 'everything'")]);
    // The schema's own message, coded: the client translates it, the known names ride as a parameter.
    expect(unknown.json).toMatchObject({ code: 'unknownModelNamed', params: { model: 'everything' }, field: 'models/0' });
    expect(unknown.json.message).toBe(`Unknown model 'everything'. Known: ${(unknown.json.params as { models: string }).models}.`);
  });

  it('refuses models that are not a list of known names (400) before any backup is taken or row cleared', async () => {
    expect((await call(h, 'POST', '/api/auth/checkpassword', { token: admin, body: { password: 'secret-pass' } })).status).toBe(200);
    const folders = () => readdirSync(dir).sort();
    const rows = async () => (await h.db.query(`SELECT (SELECT count(*) FROM transactions)::int AS t, (SELECT count(*) FROM tickets)::int AS k, (SELECT count(*) FROM daily_play)::int AS d`))[0];
    const before = { folders: folders(), rows: await rows() };
    for (const models of ['ticket,__proto__', ['__proto__'], ['ticket', '__proto__'], ['constructor'], ['toString'], ['hasOwnProperty'], ['Ticket'], [{}], [['ticket']], 'ticket', { ticket: true }, [null]]) {
      const r = await clear({ startDate: today, endDate: today, models });
      expect([r.status, r.json.success], JSON.stringify(models)).toEqual([400, false]);
      expect(String(r.json.message), JSON.stringify(models)).toMatch(/model/i);
    }
    expect({ folders: folders(), rows: await rows() }).toEqual(before);
    // And the server goes on answering.
    expect((await call(h, 'GET', '/api/backup/list-backups', { token: admin })).status).toBe(200);
  });

  it('takes a backup, replaces cleared ledger rows by one carried row per account, and keeps every balance and account', async () => {
    const balances = async () => (await h.db.query(`SELECT id, wallet_balance::text AS b FROM accounts ORDER BY id`)) as { id: number; b: string }[];
    const before = await balances();
    const rootRows = async () => Number((await h.db.query(`SELECT count(*)::int AS n FROM transactions WHERE from_id = $1 OR to_id = $1`, [Number(h.root.id)]))[0].n);
    const rootBefore = await rootRows();
    const r = await clear({ startDate: today, endDate: today, models: ['refertransaction', 'usertransaction', 'userlog'] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((r.json.counts as Record<string, number>).refertransaction).toBe(1);
    expect((r.json.counts as Record<string, number>).usertransaction).toBe(1);
    const backups = (await call(h, 'GET', '/api/backup/list-backups', { token: admin })).json.folders as { folder: string }[];
    expect(backups.map((b) => b.folder)).toContain(r.json.backup);
    expect(await balances()).toEqual(before);
    // The superadmin's rows touch accounts outside the admin's network: they stay.
    expect(await rootRows()).toBe(rootBefore);
    const carried = await h.db.query(`SELECT from_id, to_id, amount::text AS amount FROM transactions WHERE kind = 'carried' ORDER BY id`);
    expect(carried.length).toBeGreaterThan(0);
    const left = await h.db.query(`SELECT count(*)::int AS n FROM transactions WHERE kind IN ('transfer', 'bet') AND (from_id = $1 OR to_id = $1)`, [Number(chain.superareamanager._id)]);
    expect(left[0].n).toBe(0);
  });
});
