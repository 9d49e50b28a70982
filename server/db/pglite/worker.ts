import { parentPort } from 'node:worker_threads';
import { PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Envelope, ErrorData, Reply } from './protocol';
import { applyProgram, liteRun } from '../functions';
import { PGLITE_EXTENSIONS } from './extensions';

/**
 * The embedded database's own thread: PGlite runs PostgreSQL compiled to WebAssembly, which blocks
 * whatever thread it runs on; here it blocks this one and the HTTP loop stays free. A transaction
 * stays open across messages until the HTTP thread ends it, and holds PGlite's lock meanwhile, as it
 * would in-process.
 */
let db: PGlite | null = null;
/** `failed`: a statement of it threw something other than a database error; it can only roll back. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; failed?: Error }>();
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

/** PostgreSQL's own refusal of a statement (it has a SQLSTATE): the session is in a known state after it. */
const isDatabaseError = (e: unknown): boolean => {
  const code = e instanceof Error ? (e as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};

/**
 * PGlite writes each protocol message into writers shared by every query; a parameter it cannot
 * serialize throws halfway through a Bind and leaves the half-written bytes there, to be sent ahead
 * of the next two messages ("invalid message format"): the rollback that should follow fails, and
 * the session stays in an aborted transaction for every caller. An empty Bind, built and thrown
 * away, empties both writers.
 */
function discardHalfWrittenMessage(): void {
  try {
    protocol.serialize.bind({});
  } catch {
    /* nothing was half-written */
  }
}

/**
 * Ends the transaction by a rollback, whatever came before: a rollback refused (a protocol error
 * after a JavaScript error inside PGlite) is tried again, since a session left in an aborted
 * transaction fails every later statement of every caller. PGlite's own rollback runs after this
 * only when none went through.
 */
async function rollback(tx: Transaction): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await tx.rollback();
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

function need(): PGlite {
  if (!db) throw new Error('The embedded database is not open.');
  return db;
}

async function handle(m: Envelope): Promise<unknown> {
  switch (m.op) {
    case 'open': {
      const load = { extensions: PGLITE_EXTENSIONS, ...(m.load ? { loadDataDir: new Blob([m.load]) } : {}) };
      // PGlite ignores the options when the data directory argument is given as undefined.
      db = m.dataDir ? new PGlite(m.dataDir, load) : new PGlite(load);
      await db.waitReady;
      return null;
    }
    case 'query': {
      if (m.tx !== undefined) {
        const t = open.get(m.tx);
        if (!t) throw new Error('This transaction has already ended.');
        if (t.failed) throw t.failed;
        try {
          return (await t.tx.query(m.text, m.params)).rows;
        } catch (e) {
          if (isDatabaseError(e)) throw e;
          // Not PostgreSQL's refusal (a parameter PGlite cannot serialize, say): nothing more runs in
          // this transaction, and it ends by a rollback whatever its caller asks.
          discardHalfWrittenMessage();
          t.failed = e instanceof Error ? e : new Error(String(e));
          throw e;
        }
      }
      try {
        return (await need().query(m.text, m.params)).rows;
      } catch (e) {
        if (!isDatabaseError(e)) discardHalfWrittenMessage();
        throw e;
      }
    }
    case 'copy': {
      const t = open.get(m.tx);
      if (!t) throw new Error('This transaction has already ended.');
      if (t.failed) throw t.failed;
      return (await t.tx.query(m.text, [], { blob: new Blob([m.blob]) })).affectedRows ?? 0;
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
          const commit = await decided;
          if (commit && !open.get(id)?.failed) return;
          await rollback(tx);
          throw ROLLBACK;
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
      const failed = t.failed;
      t.end(m.commit);
      await done;
      if (m.commit && failed) throw new Error(`The transaction was rolled back: ${failed.message}`);
      return null;
    }
    case 'migrate':
      await migrate(drizzle(need()), { migrationsFolder: m.folder });
      await applyProgram(liteRun(need()));
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
