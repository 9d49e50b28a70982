import { readdirSync, readFileSync } from 'node:fs';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyProgram, FUNCTIONS_DIR, functionStatements, TRIGGERS_DIR, triggerFiles } from '../../server/db/functions';
import { engineAvailable, startHarness, type Harness } from './harness';

/** The body between `AS $$` and the closing `$$;`, as PostgreSQL keeps it in pg_proc.prosrc. */
const bodyOf = (sql: string): string => sql.slice(sql.indexOf('$$') + 2, sql.lastIndexOf('$$'));

describe.runIf(engineAvailable())('the SQL functions: one file each, and that file is the body the database runs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('every function of functions/ is defined once in the database with that file’s body', async () => {
    const files = readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThanOrEqual(8);
    const statements = functionStatements();
    for (const [i, file] of files.entries()) {
      const name = file.replace(/\.sql$/, '');
      expect(statements[i], file).toMatch(new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\(`, 'm'));
      const defined = await h.db.query(
        `SELECT prosrc, coalesce(array_to_string(proconfig, ','), '') AS config FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE proname = $1 AND nspname = current_schema()`,
        [name],
      );
      expect(defined.length, `${name}: one definition`).toBe(1);
      expect(String(defined[0].prosrc), `${name}: the database runs the file's body`).toBe(bodyOf(statements[i]!));
      // Settings such as a lock timeout belong in the file: CREATE OR REPLACE resets what ALTER FUNCTION set.
      const settings = [...statements[i]!.slice(0, statements[i]!.indexOf('$$')).matchAll(/\bSET\s+(\w+)\s*=\s*'([^']*)'/g)].map((m) => `${m[1]}=${m[2]}`);
      expect(String(defined[0].config), `${name}: its settings`).toBe(settings.join(','));
    }
  });

  it("no migration after the files came defines a function: its body would be replaced by the file's", () => {
    // 0000–0020 ran before functions/ existed; their bodies are history, the files are current.
    const later = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) > 20);
    for (const f of later) expect(readFileSync(`${MIGRATIONS_DIR}/${f}`, 'utf8'), f).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)|ALTER\s+FUNCTION/i);
  });

  it('every trigger of triggers/ is on its table, enabled, calling its function', async () => {
    const files = readdirSync(TRIGGERS_DIR).filter((f) => f.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const [, name, table, fn] = /TRIGGER\s+"(\w+)"[\s\S]*?\bON\s+"(\w+)"[\s\S]*?EXECUTE\s+FUNCTION\s+(\w+)\(/i.exec(readFileSync(`${TRIGGERS_DIR}/${f}`, 'utf8')) ?? [];
      expect(name, `${f}: names its trigger`).toBe(f.replace(/\.sql$/, ''));
      const found = await h.db.query(
        `SELECT c.relname AS "table", p.proname AS fn, t.tgenabled::text AS enabled FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid WHERE t.tgname = $1`,
        [name],
      );
      expect(found.map((r) => [r.table, r.fn, r.enabled]), f).toEqual([[table, fn, 'O']]);
    }
  });

  it('a trigger is made again only when its file changed (replacing one locks its table against bets)', async () => {
    const stamps = async () => Object.fromEntries((await h.db.query(`SELECT t.tgname AS name, obj_description(t.oid, 'pg_trigger') AS stamp FROM pg_trigger t WHERE t.tgname = ANY($1::text[])`, [triggerFiles().map((t) => t.name)])).map((r) => [String(r.name), r.stamp]));
    expect(await stamps()).toEqual(Object.fromEntries(triggerFiles().map((t) => [t.name, t.stamp])));
    const [changed] = triggerFiles();
    await h.db.query(`COMMENT ON TRIGGER "${changed!.name}" ON "${changed!.table}" IS 'td:older'`);
    const ran: string[] = [];
    await applyProgram(async (sql, params) => {
      ran.push(sql);
      return h.db.query(sql, params);
    });
    expect(ran.filter((s) => /CREATE OR REPLACE TRIGGER/i.test(s))).toEqual([changed!.sql]);
    expect(await stamps()).toEqual(Object.fromEntries(triggerFiles().map((t) => [t.name, t.stamp])));
  });

  it('drops a td_ function whose file is gone (retired: an upgraded installation keeps no body no file shows)', async () => {
    await h.db.query(`CREATE FUNCTION td_retired_test(a int) RETURNS int LANGUAGE sql AS 'SELECT a'`);
    await h.db.query(`CREATE FUNCTION other_kept_test() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
    // The engine's own migration run (PGlite's goes through liteRun).
    await h.db.migrate();
    const left = (await h.db.query(`SELECT proname FROM pg_proc WHERE proname IN ('td_retired_test', 'other_kept_test')`)).map((r) => String(r.proname));
    expect(left).toEqual(['other_kept_test']);
    await h.db.query(`DROP FUNCTION other_kept_test()`);
  });

  it('every td_ function of the database has its file', async () => {
    const names = (await h.db.query(`SELECT proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE proname LIKE 'td\\_%' AND nspname = current_schema() ORDER BY 1`)).map((r) => String(r.proname));
    expect(names).toEqual(readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort());
  });
});
