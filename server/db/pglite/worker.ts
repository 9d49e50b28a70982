import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Envelope, ErrorData, Reply } from './protocol';

/**
 * The embedded database's own thread: PGlite runs PostgreSQL compiled to WebAssembly, which blocks
 * whatever thread it runs on; here it blocks this one and the HTTP loop stays free. A transaction
 * stays open across messages until the HTTP thread ends it, and holds PGlite's lock meanwhile, as it
 * would in-process.
 */
let db: PGlite | null = null;
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
const finishing = new Map<number, Promise<void>>();
let nextTx = 1;
const ROLLBACK = Symbol('rollback');

const errorData = (e: unknown): ErrorData => {
  if (e instanceof Error) {
    const out: ErrorData = { message: e.message };
    for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
    return out;
  }
  return { message: String(e) };
};

function need(): PGlite {
  if (!db) throw new Error('The embedded database is not open.');
  return db;
}

async function handle(m: Envelope): Promise<unknown> {
  switch (m.op) {
    case 'open': {
      const load = m.load ? { loadDataDir: new Blob([m.load]) } : {};
      // PGlite ignores the options when the data directory argument is given as undefined.
      db = m.dataDir ? new PGlite(m.dataDir, load) : new PGlite(load);
      await db.waitReady;
      return null;
    }
    case 'query': {
      if (m.tx !== undefined) {
        const t = open.get(m.tx);
        if (!t) throw new Error('This transaction has already ended.');
        return (await t.tx.query(m.text, m.params)).rows;
      }
      return (await need().query(m.text, m.params)).rows;
    }
    case 'begin': {
      const id = nextTx++;
      let started!: () => void;
      const ready = new Promise<void>((r) => (started = r));
      let end!: (commit: boolean) => void;
      const decided = new Promise<boolean>((r) => (end = r));
      const done = need()
        .transaction(async (tx) => {
          open.set(id, { tx, end });
          started();
          if (!(await decided)) throw ROLLBACK;
        })
        .then(
          () => undefined,
          (e: unknown) => {
            if (e !== ROLLBACK) throw e;
          },
        )
        .finally(() => {
          open.delete(id);
          finishing.delete(id);
        });
      finishing.set(id, done);
      // A BEGIN that fails never reaches the callback.
      await Promise.race([ready, done]);
      if (!open.has(id)) await done;
      return id;
    }
    case 'end': {
      const t = open.get(m.tx);
      if (!t) throw new Error('This transaction has already ended.');
      const done = finishing.get(m.tx);
      t.end(m.commit);
      await done;
      return null;
    }
    case 'migrate':
      await migrate(drizzle(need()), { migrationsFolder: m.folder });
      return null;
    case 'close':
      await db?.close();
      db = null;
      return null;
  }
}

parentPort?.on('message', (m: Envelope) => {
  handle(m).then(
    (result) => parentPort?.postMessage({ id: m.id, ok: true, result } satisfies Reply),
    (e: unknown) => parentPort?.postMessage({ id: m.id, ok: false, error: errorData(e) } satisfies Reply),
  );
});
