import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openPgliteWorker } from './pglite/client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

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
}

let savepoints = 0;
/** The savepoint of a transaction handle, from its own query function. */
export function withSavepoints(query: Queryable['query']): Queryable {
  return {
    query,
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

// int8 and numeric come back as strings from pg and as numbers from PGlite: callers convert with Number()/BigInt(String()).
async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const query = async <T extends Row>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];
  return {
    engine: 'postgres',
    query,
    async transaction(fn) {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const out = await fn(withSavepoints(async <T extends Row>(text: string, params: unknown[] = []) => (await c.query(text, params)).rows as T[]));
        await c.query('COMMIT');
        return out;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    async migrate() {
      // Several instances may start at once: one migrates, the others wait on the lock.
      const c = await pool.connect();
      try {
        await c.query('SELECT pg_advisory_lock(7261001)');
        await migratePg(drizzlePg(c), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await c.query('SELECT pg_advisory_unlock(7261001)').catch(() => undefined);
        c.release();
      }
    },
    close: () => pool.end(),
  };
}
