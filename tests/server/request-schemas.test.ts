import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { $ZodType } from 'zod/v4/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tierOf } from '../../resources.config';
import { buildChain, call, callSafe, engineAvailable, generate, grantBackups, loginAs, startHarness, validBody, type Chain, type Harness } from './harness';

/** The request parts of a route schema that zod validates. */
const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** The kinds of zod type that accept anything: no request field may be one of them. */
const UNTYPED = new Set(['unknown', 'any']);

/**
 * The paths inside a schema where a value is not typed. Walks every zod type a schema holds (object
 * shapes, unions, wrappers, pipes, arrays, records), by its definition, so no kind is missed.
 */
function untypedPaths(schema: $ZodType, path = '$', seen = new Set<$ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (UNTYPED.has(def.type)) return [path];
  const out: string[] = [];
  const visit = (v: unknown, at: string) => {
    if (v instanceof $ZodType) out.push(...untypedPaths(v, at, seen));
    else if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${at}[${i}]`));
  };
  for (const [key, value] of Object.entries(def)) {
    // A loose object's undeclared keys (its catchall) are no field: the route never reads them.
    if (key === 'catchall') continue;
    if (key === 'shape' && value && typeof value === 'object') for (const [name, field] of Object.entries(value)) visit(field, `${path}.${name}`);
    else visit(value, `${path}<${key}>`);
  }
  return out;
}

describe('the untyped-value walk', () => {
  it('finds an unknown or any however deep it sits, and passes a typed schema', async () => {
    const { z } = await import('zod');
    expect(untypedPaths(z.object({ a: z.string(), b: z.array(z.union([z.number(), z.object({ c: z.unknown().optional() })])) }))).toEqual([
      '$.b<element><options>[1].c<innerType>',
    ]);
    expect(untypedPaths(z.preprocess((v) => v, z.looseObject({ d: z.any().nullish() })))).toHaveLength(1);
    expect(untypedPaths(z.record(z.string(), z.unknown()))).toHaveLength(1);
    expect(untypedPaths(z.looseObject({ a: z.string() }))).toEqual([]);
    expect(untypedPaths(z.object({ a: z.string(), b: z.enum(['x', 'y']).nullish() }))).toEqual([]);
  });
});

describe.runIf(engineAvailable())('request schemas validate', () => {
  let h: Harness;
  let c: Chain;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-request-schemas-'));

  beforeAll(async () => {
    h = await startHarness({ backupDir: dir, signupParent: 'schema-master' });
    c = await buildChain(h);
    await generate(h, 1000);
    await h.db.query(`UPDATE accounts SET username = 'schema-master' WHERE id = $1`, [Number(c.master._id)]);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const read = async () =>
    (
      await h.db.query(
        `SELECT (SELECT count(*) FROM transactions)::int AS transactions, (SELECT count(*) FROM accounts)::int AS accounts,
                (SELECT count(*) FROM games)::int AS games, (SELECT count(*) FROM activity_logs WHERE status < 400)::int AS done`,
      )
    )[0];
  /**
   * Rows a refused call must not have written, once they stand still: a call's activity row is written
   * after its answer is sent, so the count of the calls before is read until it no longer moves.
   */
  const counts = async () => {
    let last = JSON.stringify(await read());
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      const now = JSON.stringify(await read());
      if (now === last) return JSON.parse(now) as Record<string, number>;
      last = now;
    }
  };

  it('no route takes a request field or body of no type', () => {
    const untyped: string[] = [];
    for (const route of h.app.routeTable) {
      const schema = route.schema as Partial<Record<(typeof REQUEST_PARTS)[number], unknown>> | undefined;
      for (const part of REQUEST_PARTS) {
        const s = schema?.[part];
        if (s instanceof $ZodType) untyped.push(...untypedPaths(s).map((p) => `${String(route.method)} ${route.url} ${part} ${p}`));
      }
    }
    expect(untyped).toEqual([]);
    // The walk saw the routes this test is about, so an empty list means something.
    expect(h.app.routeTable.filter((r) => r.url.endsWith('/credit-transfer') && (r.schema as { body?: unknown } | undefined)?.body instanceof $ZodType).length).toBeGreaterThan(0);
  });

  it('credit transfer and adjust: a bad amount, password or type answers its coded 400, nothing written', async () => {
    const before = await counts();
    // Sent as JSON whatever it is (null, a string), as a client could.
    const transfer = (body: unknown) =>
      call(h, 'POST', '/api/superareamanager/credit-transfer', { token: c.tokens.admin, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const refusals: [unknown, Record<string, unknown>][] = [
      [{ transferAmount: '1.234', password: 'secret-pass', toUserId: c.sam._id }, { code: 'transferAmountInvalid', field: 'transferAmount', message: 'Invalid transfer amount. Please enter a valid number.' }],
      [{ transferAmount: { value: 5 }, password: 'secret-pass', toUserId: c.sam._id }, { code: 'transferAmountInvalid', field: 'transferAmount' }],
      [{ transferAmount: 0, password: 'secret-pass', toUserId: c.sam._id }, { code: 'transferAmountInvalid' }],
      [{ transferAmount: 5, toUserId: c.sam._id }, { code: 'transferPasswordRequired', field: 'password', message: 'Password is required for credit transfer.' }],
      [{ transferAmount: 5, password: ['secret-pass'], toUserId: c.sam._id }, { code: 'transferPasswordRequired', field: 'password' }],
      [null, { code: 'transferAmountInvalid', field: 'transferAmount' }],
      ['text', { code: 'bodyNotObject', message: 'The request body must be a JSON object.' }],
    ];
    for (const [body, answer] of refusals) {
      const r = await transfer(body);
      expect([r.status, r.json], JSON.stringify(body)).toEqual([400, expect.objectContaining({ success: false, ...answer })]);
      // One refusal, the first in the form's order, as the form's own check gives it.
      expect((r.json.errors as unknown[]).length, JSON.stringify(body)).toBe(1);
    }
    const adjust = await call(h, 'POST', '/api/superareamanager/credit-adjust', { token: c.tokens.admin, body: { adjustAmount: 5, password: 'secret-pass', transactionType: 'gift', toUserId: c.sam._id } });
    expect([adjust.status, adjust.json]).toEqual([400, expect.objectContaining({ code: 'transactionType', field: 'transactionType', message: 'Transaction type must be credit or debit.' })]);
    const adjustAmount = await call(h, 'POST', '/api/superareamanager/credit-adjust', { token: c.tokens.admin, body: { adjustAmount: '-3', password: 'secret-pass', toUserId: c.sam._id } });
    expect(adjustAmount.json).toMatchObject({ code: 'adjustAmountInvalid', message: 'Invalid adjustment amount. Please enter a valid number.' });
    expect(await counts()).toEqual(before);
  });

  it('credit: access is answered before the form, as before (no session 401, another tier 404)', async () => {
    expect((await call(h, 'POST', '/api/superareamanager/credit-adjust', { body: { adjustAmount: 'x' } })).status).toBe(401);
    const child = await call(h, 'POST', `/api/admin/${c.admin._id}/children/999999/credit-adjust`, { token: c.tokens.admin, body: { adjustAmount: 'x' } });
    expect(child.status).toBe(404);
  });

  it('sign-up: a bad username or password answers its coded 400, nothing written', async () => {
    const before = await counts();
    const bad = await callSafe(h, 'POST', '/api/auth/signup', { body: { username: '1x', password: 'secret-123' } });
    expect([bad.status, bad.json]).toEqual([400, expect.objectContaining({ code: 'usernameFormat', field: 'username' })]);
    const short = await callSafe(h, 'POST', '/api/auth/signup', { body: { username: 'selfmade', password: '123' } });
    expect(short.json).toMatchObject({ code: 'passwordLength', field: 'password', message: 'Password must be at least 6 characters' });
    const none = await callSafe(h, 'POST', '/api/auth/signup', {});
    expect(none.json).toMatchObject({ code: 'usernameRequired', field: 'username' });
    expect(await counts()).toEqual(before);
  });

  it('Clear History: dates and models are checked by the schema after the access checks, nothing cleared', async () => {
    await grantBackups(h, c.admin._id);
    const admin = await loginAs(h, c.admin.username);
    const clear = (body: Record<string, unknown>) => call(h, 'POST', '/api/backup/deleterecords', { token: admin, body });
    const today = new Date().toISOString();
    // No password check yet: refused before the form is read.
    expect((await clear({ startDate: 'garbage', models: 'all' })).status).toBe(403);
    expect((await call(h, 'POST', '/api/auth/checkpassword', { token: admin, body: { password: 'secret-pass' } })).status).toBe(200);
    const before = await counts();
    expect((await clear({ startDate: 'garbage', endDate: today, models: ['userlog'] })).json).toMatchObject({ code: 'selectDates', field: 'startDate', message: 'Please select start and end date.' });
    expect((await clear({ startDate: today, endDate: '3000-01-01', models: ['userlog'] })).json).toMatchObject({ code: 'selectDates', field: 'endDate' });
    expect((await clear({ startDate: '2026-02-02', endDate: '2026-02-01', models: ['userlog'] })).json).toMatchObject({ code: 'startAfterEnd', field: 'startDate' });
    expect((await clear({ startDate: today, endDate: today })).json).toMatchObject({ code: 'selectModels', field: 'models' });
    expect(await counts()).toEqual(before);
  });

  it('Add and Edit Game (JSON): each field refused with the form’s message, in the form’s order, nothing written', async () => {
    const before = await counts();
    const r = await call(h, 'POST', '/api/game', { token: h.root.token, body: { gameName: 'Odd', nodigit: 0, publisher: 'house', releaseDate: 'never', timeId: '1', gameDescription: 'x', label: 'maybe' } });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      { field: 'nodigit', message: 'Must be at least 1' },
      { field: 'releaseDate', message: 'Release date is not a valid date' },
      { field: 'label', message: 'Label is yes or no' },
    ]);
    const typed = await call(h, 'POST', '/api/game', { token: h.root.token, body: { gameName: { name: 'x' } } });
    expect(typed.json).toMatchObject({ field: 'gameName', message: 'Game name is required' });
    const game = (await h.db.query(`SELECT id FROM games ORDER BY id LIMIT 1`))[0].id as number;
    const edit = await call(h, 'PUT', `/api/game/${game}`, { token: h.root.token, body: { gameData: { gameName: '', nodigit: '2', gameDescription: 'd', publisher: 'p', releaseDate: '2026-01-01', gameStatus: 'paused' } } });
    expect(edit.json.errors).toEqual([
      { field: 'gameName', message: 'Game Name is required' },
      { field: 'gameStatus', message: 'Status is active or inactive' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('Edit Game takes back the game as GET answers it (label true or false)', async () => {
    const id = (await h.db.query(`SELECT id FROM games ORDER BY id LIMIT 1`))[0].id as number;
    const read = (await call(h, 'GET', `/api/game/${id}`, { token: h.root.token })).json.data as Record<string, unknown> & { status: string; releaseDate: string; label: boolean };
    expect(typeof read.label).toBe('boolean');
    const back = await call(h, 'PUT', `/api/game/${id}`, { token: h.root.token, body: { ...read, gameStatus: read.status, releaseDate: String(read.releaseDate).slice(0, 10) } });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    const wrong = await call(h, 'PUT', `/api/game/${id}`, { token: h.root.token, body: { ...read, gameStatus: read.status, releaseDate: String(read.releaseDate).slice(0, 10), label: 'maybe' } });
    expect(wrong.json).toMatchObject({ field: 'label', message: 'Label is yes or no' });
  });

  it('account forms: every field refused in the registry’s order with its coded message, nothing written', async () => {
    const before = await counts();
    const body = validBody('master', { refId: c.am._id, email: 5, phone: 'abc', userStatus: 'maybe' });
    const r = await call(h, 'POST', '/api/master/create', { token: c.tokens.admin, body });
    expect(r.status).toBe(400);
    const fields = tierOf('master').createFields.map((f) => f.name as string);
    const errors = r.json.errors as { field: string; code: string }[];
    expect(errors.map((e) => e.field)).toEqual(['email', 'phone', 'userStatus'].sort((a, b) => fields.indexOf(a) - fields.indexOf(b)));
    expect(errors.find((e) => e.field === 'email')).toMatchObject({ code: 'invalidEmail', message: 'Please enter a valid email address' });
    expect(r.json).toMatchObject({ code: errors[0].code, field: errors[0].field });
    const edit = await call(h, 'PUT', `/api/master/${c.master._id}`, { token: c.tokens.admin, body: { updatedFields: { email: 'not-an-email' } } });
    expect([edit.status, edit.json]).toEqual([400, expect.objectContaining({ code: 'invalidEmail', field: 'email' })]);
    expect(await counts()).toEqual(before);
  });
});
