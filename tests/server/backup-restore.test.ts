import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import type { Database } from '../../server/db/client';
import { seed } from '../../server/setup/seed';
import { exportBackup, importBackup, tablesInOrder, type BackupPlace } from '../../server/operations/backup';
import { signManifest } from '../../server/operations/backupSigning';
import { engineAvailable, openTestDatabase, SUPERADMIN_PASSWORD } from './harness';

const sha = (b: string) => createHash('sha256').update(b).digest('hex');
/** Ledger rows written for these tests: more than one chunk of COPY text, so that a failure comes halfway through the load. */
const LEDGER_ROWS = 20_000;
/** A value past 2^53: a JSON reader that goes through a JavaScript number would change it. */
const BIG = '9007199254740993';

/** Restore: COPY where the engine has it, indexes built after loading, all or nothing. */
describe.runIf(engineAvailable())('restore: COPY, indexes after loading, all or nothing', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-restore-'));
  const place: BackupPlace = { dir, key: Buffer.from('restore-test-signing-key-0123456789abcdef') };
  let folder: string;
  let saved: Record<string, string>;
  let catalogue: string[];

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await seed(db, { username: 'superadmin', password: SUPERADMIN_PASSWORD });
    const [root] = await db.query(`SELECT id FROM accounts WHERE role = 'superadmin'`);
    // Generated points into the root, every 1000th row with a message of everything COPY escapes; one balance-after of BIG.
    await db.query(
      `INSERT INTO transactions (to_id, amount, kind, actor_id, to_balance_after, message)
       SELECT $1, g, 'generated', $1, CASE WHEN g = 7 THEN $3::bigint END,
              CASE WHEN g % 1000 = 0 THEN 'row ' || g || E' tab\\there back\\\\slash "quoted" \\\\N new\\nline\\r ü € 🙂' ELSE 'Generated ' || g END
         FROM generate_series(1, $2::int) g`,
      [root!.id, LEDGER_ROWS, BIG],
    );
    await db.query(`UPDATE accounts SET wallet_balance = (SELECT sum(amount) FROM transactions), commission = 2.50 WHERE id = $1`, [root!.id]);
    await db.query(`UPDATE games SET images = $1::jsonb WHERE id = (SELECT min(id) FROM games)`, [JSON.stringify(['a"b', 'c\\d', 'tab\tx', 'ü', { n: 1.50 }])]);
    expect(await checkInvariant(db)).toMatchObject({ ok: true });
    folder = (await exportBackup(db, place)).folder;
    saved = await dump();
    catalogue = await indexesAndKeys();
  });
  afterEach(async () => {
    expect(await checkInvariant(db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
    // Whatever the outcome, every index, key and foreign key is there as the schema defines it.
    expect(await indexesAndKeys()).toEqual(catalogue);
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every backed-up table, row for row, in a canonical order. */
  async function dump() {
    const out: Record<string, string> = {};
    for (const t of await tablesInOrder(db)) {
      const [r] = await db.query(`SELECT count(*)::int AS n, coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '') AS d FROM "${t}" x`);
      out[t] = `${r!.n}\n${r!.d}`;
    }
    return out;
  }
  async function indexesAndKeys() {
    const idx = await db.query(`SELECT tablename || ' ' || indexname || ' ' || indexdef AS d FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`);
    const keys = await db.query(
      `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS d FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`,
    );
    return [...idx, ...keys].map((r) => String(r.d));
  }
  /** A copy of the backup with one table file edited, its checksum and signature made again: what only the key's holder can do. */
  function forge(suffix: string, table: string, edit: (lines: string[]) => string[] | string): string {
    const f = folder.replace(/-[0-9a-f]{6}$/, `-${suffix}`);
    rmSync(join(dir, f), { recursive: true, force: true });
    cpSync(join(dir, folder), join(dir, f), { recursive: true });
    const original = readFileSync(join(dir, f, `${table}.json`), 'utf8');
    const edited = edit(original.split('\n'));
    const text = typeof edited === 'string' ? edited : edited.join('\n');
    expect(text).not.toBe(original);
    writeFileSync(join(dir, f, `${table}.json`), text);
    const m = JSON.parse(readFileSync(join(dir, f, 'manifest.json'), 'utf8'));
    m.tables.find((t: { name: string }) => t.name === table).sha256 = sha(text);
    m.signature = signManifest(place.key, m);
    writeFileSync(join(dir, f, 'manifest.json'), JSON.stringify(m));
    return f;
  }
  /** Line `n` of a table file (line 0 is `[`), edited. */
  const atLine = (n: number, edit: (line: string) => string) => (lines: string[]) => lines.map((l, i) => (i === n ? edit(l) : l));
  /** Changes the data, so that a restore that did nothing is told apart from one that gave the backup back. */
  const change = () => db.query(`INSERT INTO game_times (timecount) VALUES (86399)`);

  it('gives back every row exactly (escapes, a bigint past 2^53, a numeric’s scale, jsonb) through COPY, and the same indexes and keys', async () => {
    await change();
    expect(await dump()).not.toEqual(saved);
    const steps: string[] = [];
    const r = await importBackup(db, place, folder, (step) => steps.push(step));
    expect(r.rows).toBeGreaterThan(LEDGER_ROWS);
    expect(steps).toContain(`load transactions (${LEDGER_ROWS} rows, COPY)`);
    expect(steps.some((s) => /indexes and keys set aside/.test(s))).toBe(true);
    expect(await dump()).toEqual(saved);
    expect((await db.query(`SELECT to_balance_after::text AS a FROM transactions WHERE to_balance_after > 1e15`))[0]?.a).toBe(BIG);
    expect((await db.query(`SELECT commission::text AS c FROM accounts WHERE role = 'superadmin'`))[0]?.c).toBe('2.50');
    // New ids continue after the restored ones.
    const [last] = await db.query(`SELECT max(id) AS m FROM transactions`);
    const [next] = await db.query(`SELECT nextval(pg_get_serial_sequence('transactions', 'id')) AS n`);
    expect(Number(next!.n)).toBe(Number(last!.m) + 1);
  });

  it.each([
    ['a ledger row the database refuses halfway through the load (a zero amount)', 'c1', 15_000, (l: string) => l.replace(/"amount":\d+/, '"amount":0'), 'refused by the database'],
    ['a duplicate ledger id, found when the primary key is built again after the load', 'c2', 15_000, (l: string) => l.replace(/"id":\d+/, '"id":3'), 'refused by the database'],
    ['a damaged line halfway through the ledger file', 'c3', 15_000, () => '{"id":15000,"from_id":', 'is damaged at line 15001'],
  ])('%s leaves the database exactly as it was', async (_what, suffix, line, edit, message) => {
    const bad = forge(suffix, 'transactions', atLine(line, edit));
    await change();
    const before = await dump();
    await expect(importBackup(db, place, bad)).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining(message) });
    expect(await dump()).toEqual(before);
    // The connection that saw the failure works on: the good backup restores.
    await importBackup(db, place, folder);
    expect(await dump()).toEqual(saved);
  });

  it.each([
    ['a ledger row raised halfway through the file', 'e1', (lines: string[]) => atLine(15_000, (l) => l.replace(/"amount":\d+/, '"amount":1000000'))(lines)],
    ['rows added at the end of the file', 'e2', (lines: string[]) => [...lines.slice(0, -2), `${lines[lines.length - 3]},`, ...lines.slice(-2)]],
    ['a damaged line, the file not re-signed', 'e3', atLine(15_000, () => '{"id":')],
  ])('%s, its checksum not made again: refused as not the file signed, nothing changed', async (_what, suffix, edit) => {
    const f = forge(suffix, 'transactions', edit);
    // The signature holds (the manifest is untouched but for the edited file's checksum, put back as signed).
    const m = JSON.parse(readFileSync(join(dir, f, 'manifest.json'), 'utf8'));
    const signed = JSON.parse(readFileSync(join(dir, folder, 'manifest.json'), 'utf8'));
    writeFileSync(join(dir, f, 'manifest.json'), JSON.stringify({ ...m, tables: signed.tables, signature: signed.signature }));
    await change();
    const before = await dump();
    await expect(importBackup(db, place, f)).rejects.toMatchObject({ statusCode: 409, message: 'The file transactions.json does not match its checksum. Nothing was restored.' });
    expect(await dump()).toEqual(before);
    await importBackup(db, place, folder);
  });

  it('restores a backup of the earlier format (each table one JSON line) through json_populate_recordset', async () => {
    const rowsOf = (lines: string[]) => lines.filter((l) => l.startsWith('{')).map((l) => l.replace(/,$/, ''));
    const f = forge('d1', 'transactions', (lines) => `[${rowsOf(lines).join(', ')}]`);
    for (const t of ['accounts', 'games']) {
      const text = `[${rowsOf(readFileSync(join(dir, f, `${t}.json`), 'utf8').split('\n')).join(', ')}]`;
      writeFileSync(join(dir, f, `${t}.json`), text);
      const m = JSON.parse(readFileSync(join(dir, f, 'manifest.json'), 'utf8'));
      m.tables.find((x: { name: string }) => x.name === t).sha256 = sha(text);
      m.signature = signManifest(place.key, m);
      writeFileSync(join(dir, f, 'manifest.json'), JSON.stringify(m));
    }
    await change();
    const steps: string[] = [];
    await importBackup(db, place, f, (step) => steps.push(step));
    expect(steps).toContain(`load transactions (${LEDGER_ROWS} rows, json)`);
    expect(await dump()).toEqual(saved);
  });
});
