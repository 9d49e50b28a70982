import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The SQL functions of the money path (td_move, td_bet_batch, …), one file each in functions/, each
 * the function's current body: applied with CREATE OR REPLACE after every migration run, so a
 * function is read and changed in one place. The migrations keep the bodies they had when they ran
 * (history); a function's signature or return type that changes needs a migration that drops the
 * old one first, since CREATE OR REPLACE cannot change those.
 */
export const FUNCTIONS_DIR = fileURLToPath(new URL('./functions', import.meta.url));

/** The triggers that call those functions, one file each (CREATE OR REPLACE TRIGGER), applied after them. */
export const TRIGGERS_DIR = fileURLToPath(new URL('./triggers', import.meta.url));

const filesIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ''), sql: readFileSync(`${dir}/${f}`, 'utf8') }));

/** The statements, one per function, in file name order (plpgsql bodies resolve names when called). */
export const functionStatements = (dir = FUNCTIONS_DIR): string[] => filesIn(dir).map((f) => f.sql);

export interface TriggerFile {
  name: string;
  table: string;
  sql: string;
  /** Marks the trigger as made from this very text (its comment), so an unchanged file is not applied again. */
  stamp: string;
}

export function triggerFiles(dir = TRIGGERS_DIR): TriggerFile[] {
  return filesIn(dir).map(({ name, sql }) => {
    const table = /CREATE OR REPLACE TRIGGER "(\w+)"[\s\S]*?\bON "(\w+)"/.exec(sql);
    if (!table || table[1] !== name) throw new Error(`${name}.sql: must create the trigger "${name}" ON "<table>"`);
    return { name, table: table[2]!, sql, stamp: `td:${createHash('sha256').update(sql).digest('hex').slice(0, 16)}` };
  });
}

type Run = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * What every migration run ends with: the functions' current bodies, then the triggers that call
 * them, then the retired functions (a td_ function whose file is gone) dropped. A trigger is replaced
 * only when its file changed: CREATE OR REPLACE TRIGGER locks its table against writes, and an
 * instance starting beside one taking bets would make those bets wait. A function is retired under
 * a new name rather than given another kind of body: a trigger still calling it until its own file is
 * applied would run the new body in the old way.
 */
export async function applyProgram(run: Run): Promise<void> {
  const functions = filesIn(FUNCTIONS_DIR);
  for (const f of functions) await run(f.sql);
  for (const t of triggerFiles()) {
    const [made] = await run(`SELECT obj_description(t.oid, 'pg_trigger') AS stamp FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = $1 AND c.relname = $2`, [t.name, t.table]);
    if (made?.stamp === t.stamp) continue;
    await run(t.sql);
    await run(`COMMENT ON TRIGGER "${t.name}" ON "${t.table}" IS '${t.stamp}'`);
  }
  const current = new Set(functions.map((f) => f.name));
  // With a parameter, so that PGlite's run answers the rows (liteRun).
  const defined = await run(
    `SELECT p.proname AS name, p.oid::regprocedure::text AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE p.proname LIKE $1 AND n.nspname = current_schema()`,
    ['td\\_%'],
  );
  for (const f of defined) if (!current.has(String(f.name))) await run(`DROP FUNCTION ${String(f.signature)}`);
}

/** PGlite's way to run them: a statement without parameters may hold several (a function file's), `query` takes one. */
export const liteRun =
  (lite: { exec(sql: string): Promise<unknown>; query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> }): Run =>
  async (sql, params) => {
    if (params) return (await lite.query(sql, params)).rows as Record<string, unknown>[];
    await lite.exec(sql);
    return [];
  };
