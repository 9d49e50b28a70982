import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { copyStatement, withSavepoints, type Database, type Row } from './database';
import { openPgliteWorker } from './pglite/client';
import { applyProgram } from './functions';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type { Database, Queryable, Row } from './database';
export { runLast, withSavepoints } from './database';
export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite snapshot (dumpDataDir) to start from: tests load a migrated template. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 20)
    : openPgliteWorker({ dataDir: opts.dataDir, load: opts.loadDataDir, migrationsFolder: MIGRATIONS_DIR });
}

/** Connections of the priority lane (live console reads). */
const PRIORITY_CONNECTIONS = 3;

/**
 * A transaction of this server left idle this long is ended by PostgreSQL: a process that froze
 * (SIGSTOP, a stalled VM) would otherwise hold its locks, and every bet and settlement needing them,
 * until it woke. Far above any pause of a working transaction (a restore reads a file between two
 * statements); a settlement holds a shorter lease of its own (games/lease.ts).
 */
export const IDLE_IN_TRANSACTION_MS = 30_000;

/**
 * No JIT compilation: it starts on a plan's cost, not its run time, and the reports' plans over a
 * year of rows cost enough to compile on every call, 2–3 s of a 4 s commission preview at load;
 * these queries read a page or a few indexed rows, where compiling is all cost and no gain.
 */
const SESSION_OPTIONS = '-c jit=off';

// int8 and numeric come back as strings from pg and as numbers from PGlite: rows.ts converts them, one parser per query.
async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS, options: SESSION_OPTIONS });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const query = async <T extends Row>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];
  const lane = new pg.Pool({ connectionString: url, max: PRIORITY_CONNECTIONS, options: SESSION_OPTIONS });
  lane.on('error', () => {
    /* as above */
  });
  return {
    engine: 'postgres',
    query,
    priority: { query: async <T extends Row>(text: string, params: unknown[] = []) => (await lane.query(text, params)).rows as T[] },
    async transaction(fn) {
      const c = await pool.connect();
      // A connection whose rollback failed may still be inside the transaction: it is closed, never reused.
      let unusable: Error | undefined;
      // A connection lost meanwhile says so by an event: without a listener it would end the process.
      const lost = (e: Error) => {
        unusable = e;
      };
      c.on('error', lost);
      const last: string[] = [];
      try {
        await c.query('BEGIN');
        const out = await fn(
          withSavepoints(
            async <T extends Row>(text: string, params: unknown[] = []) => (await c.query(text, params)).rows as T[],
            async (table, columns, text) => {
              const sink = c.query(copyFrom(copyStatement(table, columns, 'STDIN')));
              // A source that throws ends the COPY with a CopyFail: the statement fails, and the transaction with it.
              await pipeline(Readable.from(text), sink);
              return sink.rowCount;
            },
            (statement) => c.query(copyTo(statement)) as AsyncIterable<Uint8Array>,
            (statement) => void last.push(statement),
          ),
        );
        // Without parameters: the simple protocol, several statements in one message, run in turn.
        await c.query([...last, 'COMMIT'].join(';\n'));
        return out;
      } catch (e) {
        await c.query('ROLLBACK').catch((r: unknown) => {
          unusable = r instanceof Error ? r : new Error(String(r));
        });
        throw e;
      } finally {
        c.off('error', lost);
        c.release(unusable);
      }
    },
    async migrate() {
      // Several instances may start at once: one migrates, the others wait on the lock.
      const c = await pool.connect();
      try {
        await c.query('SELECT pg_advisory_lock(7261001)');
        await migratePg(drizzlePg(c), { migrationsFolder: MIGRATIONS_DIR });
        await applyProgram(async (sql, params) => (await c.query(sql, params)).rows as Row[]);
      } finally {
        await c.query('SELECT pg_advisory_unlock(7261001)').catch(() => undefined);
        c.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), lane.end()]);
    },
  };
}
