import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

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
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite snapshot (dumpDataDir) to start from: tests load a migrated template. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize ?? 20) : openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | File | undefined): Promise<Database> {
  // PGlite ignores the options when the data directory argument is given as undefined.
  const client = dataDir ? new PGlite(dataDir, loadDataDir ? { loadDataDir } : {}) : new PGlite(loadDataDir ? { loadDataDir } : {});
  await client.waitReady;
  const query = async <T extends Row>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
  return {
    engine: 'pglite',
    query,
    transaction: (fn) => client.transaction((tx) => fn({ query: async <T extends Row>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows })),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
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
        const out = await fn({ query: async <T extends Row>(text: string, params: unknown[] = []) => (await c.query(text, params)).rows as T[] });
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
