export type Row = Record<string, unknown>;

/**
 * The database: Drizzle's schema and migrations, and one parameterised `query` for every
 * statement. Same SQL on PGlite and PostgreSQL.
 */
export interface Database {
  engine: 'pglite' | 'postgres';
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * A few connections of their own for short reads that must not queue behind writes (a live
   * console's refresh while hundreds of bets hold the main pool). Absent where there is one
   * connection anyway (PGlite).
   */
  priority?: Queryable;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface Queryable {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Inside a transaction: runs fn under a savepoint, so a statement that fails there (and is handled)
   * leaves the outer transaction usable. Absent outside transactions, where each statement stands alone.
   */
  savepoint?<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Inside a transaction: loads rows into a table with COPY (PostgreSQL's text format, one row a
   * line, the text given a chunk at a time), the bulk path a restore takes; resolves to the rows
   * copied. Absent outside transactions.
   */
  copyFrom?(table: string, columns: readonly string[], text: AsyncIterable<string | Uint8Array>): Promise<number>;
  /**
   * Inside a transaction: runs a `COPY … TO STDOUT` and gives its output a chunk at a time, read only
   * as fast as the caller takes it (the socket pauses meanwhile), so a table of any size passes
   * through a few chunks of memory. Absent where the engine streams no COPY out (PGlite).
   */
  copyTo?(statement: string): AsyncIterable<Uint8Array>;
  /**
   * Inside a transaction: a statement (no parameters) the transaction ends with, after every other,
   * sent with its COMMIT in one message. PostgreSQL then commits without waiting for this process, so
   * the locks that statement takes are held for no time a stopped process (SIGSTOP, a stalled VM)
   * could stretch: for locks every player of a parent shares (parent_days), not a round's own.
   * Absent outside transactions, where each statement stands alone.
   */
  endWith?(statement: string): void;
}

/** Runs `statement` last in q's transaction (endWith), or now where q has none. */
export async function runLast(q: Queryable, statement: string): Promise<void> {
  if (q.endWith) q.endWith(statement);
  else await q.query(statement);
}

/** An identifier as SQL text, quoted. */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The COPY statement of a table's columns from `source` (STDIN, or a file the engine reads). */
export const copyStatement = (table: string, columns: readonly string[], source: string): string =>
  `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM ${source}`;

let savepoints = 0;
/** The savepoint of a transaction handle, from its own query function. */
export function withSavepoints(
  query: Queryable['query'],
  copyFrom?: Queryable['copyFrom'],
  copyTo?: Queryable['copyTo'],
  endWith?: Queryable['endWith'],
): Queryable {
  return {
    query,
    ...(endWith ? { endWith } : {}),
    ...(copyFrom ? { copyFrom } : {}),
    ...(copyTo ? { copyTo } : {}),
    async savepoint(fn) {
      const name = `td_sp_${++savepoints}`;
      await query(`SAVEPOINT ${name}`);
      try {
        const out = await fn();
        await query(`RELEASE SAVEPOINT ${name}`);
        return out;
      } catch (e) {
        await query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw e;
      }
    },
  };
}
