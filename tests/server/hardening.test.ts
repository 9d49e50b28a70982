import { describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { call, createAs, createUnder, engineAvailable, generate, loginAs, SUPERADMIN_PASSWORD, startHarness, useHarness } from './harness';

// Inputs that once reached the database as a 500, or were accepted in a misleading way.
describe.runIf(engineAvailable())('hardening against user input', () => {
  const h = useHarness();

  it('refuses sort keys inherited from the object prototype', async () => {
    for (const sort of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const r = await call(h, 'GET', `/api/admins/all?sort=${sort}`, { token: h.root.token });
      expect(r.status, sort).toBe(400);
      expect(r.json.message).toBe(`Cannot sort by '${sort}'.`);
    }
  });

  it('answers 400 to NUL characters in search, fields and login', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    expect((await call(h, 'GET', '/api/admins/all?search=%00', { token: h.root.token })).status).toBe(400);
    const put = await call(h, 'PUT', `/api/admins/${admin._id}`, { token: h.root.token, body: { updatedFields: { city: 'a\u0000b' } } });
    expect(put.status).toBe(400);
    expect((await call(h, 'GET', `/api/admins/${admin._id}`, { token: h.root.token })).json.data).toMatchObject({ city: admin.city });
    expect((await call(h, 'POST', '/api/auth/login', { body: { username: 'a\u0000b', password: 'x' } })).status).toBe(400);
  });

  it('refuses an Idempotency-Key reused for a different movement, and moves nothing', async () => {
    await generate(h, 100);
    const a = await createAs(h, h.root.token, 'admin', h.root.id);
    const b = await createAs(h, h.root.token, 'admin', h.root.id);
    const send = (to: string, amount: number) =>
      call(h, 'POST', '/api/admins/credit-transfer', {
        token: h.root.token,
        headers: { 'idempotency-key': 'key-1' },
        body: { password: SUPERADMIN_PASSWORD, transferAmount: amount, toUserId: to },
      });
    expect((await send(a._id, 5)).status).toBe(200);
    const replay = await send(a._id, 5);
    expect(replay.status).toBe(200);
    expect(replay.json.data).toMatchObject({ replayed: true, receiver: { _id: a._id, walletBalance: 5 } });
    for (const [to, amount] of [[b._id, 5], [a._id, 7]] as const) {
      const other = await send(to, amount);
      expect(other.status).toBe(422);
      expect(other.json.message).toBe('This Idempotency-Key was already used for a different request.');
    }
    const balances = await h.db.query(`SELECT id::text AS id, wallet_balance::text AS w FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id`, [[a._id, b._id]]);
    expect(balances.map((r) => r.w)).toEqual(['500', '0']);
    expect((await checkInvariant(h.db)).ok).toBe(true);
  });

  it('replays a same-key twin sent at once, even when the first spends the whole balance', async () => {
    // No other traffic on these wallets: a refused twin can only mean the key was read before the row locks.
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const player = await createAs(h, h.root.token, 'player', (await createUnder(h, h.root.token, 'master',
      (await createAs(h, h.root.token, 'areamanager', (await createAs(h, h.root.token, 'superareamanager', admin._id))._id))._id))._id);
    const token = await loginAs(h, admin.username);
    await generate(h, 400);
    for (let i = 0; i < 20; i++) {
      await call(h, 'POST', '/api/admins/credit-transfer', { token: h.root.token, body: { password: SUPERADMIN_PASSWORD, transferAmount: 10, toUserId: admin._id } });
      const key = `twin-${i}`;
      const twin = () =>
        call(h, 'POST', '/api/player/credit-transfer', {
          token,
          headers: { 'idempotency-key': key },
          body: { password: 'secret-pass', transferAmount: 10, toUserId: player._id },
        });
      const [a, b] = await Promise.all([twin(), twin()]);
      expect([a.status, b.status], JSON.stringify([a.json, b.json])).toEqual([200, 200]);
      expect(a.json.data).toMatchObject({ transactionId: (b.json.data as { transactionId: string }).transactionId });
      expect([a, b].filter((r) => (r.json.data as { replayed: boolean }).replayed)).toHaveLength(1);
    }
    expect((await checkInvariant(h.db)).ok).toBe(true);
  });

  it('answers 404 to userauth of an unknown id', async () => {
    expect((await call(h, 'GET', '/api/auth/userauth/999999', { token: h.root.token })).status).toBe(404);
  });

  it('answers an over-long or malformed address with the JSON envelope, without echoing it', async () => {
    const long = await call(h, 'GET', `/api/admins/${'9'.repeat(300)}`, { token: h.root.token });
    expect(long.status).toBe(414);
    expect(long.json).toEqual({ success: false, message: 'The address is too long.', code: 'addressTooLong', params: {} });
    const bad = await call(h, 'GET', '/api/admins/%E0%A4%A', { token: h.root.token });
    expect(bad.status).toBe(400);
    expect(bad.json.success).toBe(false);
  });

  it('does not let X-Forwarded-For pick the address the login limit counts, unless a proxy is trusted', async () => {
    const limited = await startHarness({ loginRateLimit: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await call(limited, 'POST', '/api/auth/login', { headers: { 'x-forwarded-for': `10.0.0.${i}` }, body: { username: 'nobody', password: 'whatever' } })).status,
        );
      expect(statuses.slice(2)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuses a password that is not a string, a short one, and a PIN that is not digits', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    for (const updatedFields of [{ password: 12345678 }, { password: 'short' }, { pin: { a: 1 } }, { pin: '12ab' }]) {
      const r = await call(h, 'PUT', `/api/admins/${admin._id}`, { token: h.root.token, body: { updatedFields } });
      expect(r.status, JSON.stringify(updatedFields)).toBe(400);
    }
    expect(await loginAs(h, admin.username)).toBeTruthy();
    const token = await loginAs(h, admin.username);
    const change = await call(h, 'POST', '/api/auth/chnagepassword', { token, body: { opass: 'secret-pass', npass: 'abc', cpass: 'abc' } });
    expect(change.status).toBe(400);
    expect(change.json.message).toBe('Password must be at least 6 characters');
  });

  it('keeps every balance within what a JSON number carries exactly', async () => {
    // 13-digit amounts are the largest accepted; the tenth such generation passes 2^53 - 1 cents.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (
          await call(h, 'POST', '/api/superadmins/credit-adjust', {
            token: h.root.token,
            body: { password: SUPERADMIN_PASSWORD, adjustAmount: 9_999_999_999_999, transactionType: 'credit', toUserId: h.root.id },
          })
        ).status,
      );
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(statuses[9]).toBe(409);
    const me = await call(h, 'GET', '/api/credit/loadcredit', { token: h.root.token });
    expect(Number.isSafeInteger(Math.round((me.json.data as { walletBalance: number }[])[0].walletBalance * 100))).toBe(true);
    expect((await checkInvariant(h.db)).ok).toBe(true);
  });
});
