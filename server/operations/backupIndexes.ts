import type { Queryable } from '../db/client';
import { quoteIdent } from '../db/database';
import { col, queryRows, rowsOf } from '../db/rows';

/** One index or constraint a restore takes down before loading and builds again after, as the catalogue defines it. */
interface Definition {
  table: string;
  name: string;
  /** The statement that builds it again: from pg_get_indexdef / pg_get_constraintdef, never written by hand. */
  create: string;
  drop: string;
}

/**
 * What a restore sets aside while it loads, as pg_restore does: loading into tables without indexes
 * and building each index once, sorted, costs a fraction of maintaining it row by row. Read from the
 * database's own catalogue: every foreign key that touches one of `tables`, their primary-key,
 * unique and exclusion constraints, and their other indexes. Building them again validates the data
 * as the originals would have (a duplicate key fails the unique index, an orphan the foreign key).
 * Runs inside the restore's transaction: a failure anywhere puts every one back by the rollback.
 */
export async function deferIndexes(tx: Queryable, tables: readonly string[]): Promise<{ count: number; rebuild(): Promise<void> }> {
  const foreignKeys = (
    await queryRows(
      tx,
      rowsOf({ table: col.text, name: col.text, def: col.text }),
      `SELECT c.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS def
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid LEFT JOIN pg_class r ON r.oid = k.confrelid
        WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND (c.relname = ANY($1) OR r.relname = ANY($1))
        ORDER BY 1, 2`,
      [tables],
    )
  ).map((r) => constraint(r.table, r.name, r.def));
  const indexes = (
    await queryRows(
      tx,
      rowsOf({ table: col.text, name: col.text, def: col.text, con: col.nullable(col.text), condef: col.nullable(col.text) }),
      `SELECT c.relname AS "table", i.relname AS name, pg_get_indexdef(x.indexrelid) AS def, k.conname AS con, pg_get_constraintdef(k.oid) AS condef
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
         LEFT JOIN pg_constraint k ON k.conindid = x.indexrelid AND k.conrelid = x.indrelid AND k.contype IN ('p', 'u', 'x')
        WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)
        ORDER BY 1, 2`,
      [tables],
    )
  ).map((r) =>
    r.con !== null && r.condef !== null
      ? constraint(r.table, r.con, r.condef)
      : { table: r.table, name: r.name, create: r.def, drop: `DROP INDEX ${quoteIdent('public')}.${quoteIdent(r.name)}` },
  );
  // Foreign keys first: each depends on the unique index it references.
  for (const d of [...foreignKeys, ...indexes]) await tx.query(d.drop);
  return {
    count: foreignKeys.length + indexes.length,
    async rebuild() {
      // Keys and indexes before the foreign keys that reference them; each foreign key checks every row as it is added.
      for (const d of [...indexes, ...foreignKeys]) await tx.query(d.create);
    },
  };
}

function constraint(table: string, name: string, def: string): Definition {
  const on = `ALTER TABLE ${quoteIdent('public')}.${quoteIdent(table)}`;
  return { table, name, create: `${on} ADD CONSTRAINT ${quoteIdent(name)} ${def}`, drop: `${on} DROP CONSTRAINT ${quoteIdent(name)}` };
}
