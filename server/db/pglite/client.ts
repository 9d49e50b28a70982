import { Worker } from 'node:worker_threads';
import { copyStatement, withSavepoints, type Database, type Queryable, type Row } from '../database';
import type { Envelope, ErrorData, Reply, Request } from './protocol';

/** Characters of COPY text sent to the database thread at a time. */
const COPY_SLICE = 8 << 20;

/** An error from the database thread, with its PostgreSQL fields (code, constraint…) restored. */
const toError = (data: ErrorData): Error => Object.assign(new Error(data.message), data);

/**
 * The embedded database, run on a worker thread (see worker.ts) behind the same Database
 * interface as PostgreSQL. Values cross the thread boundary by structured clone, which keeps
 * bigint, Date and arrays as they are.
 */
export async function openPgliteWorker(opts: { dataDir?: string | undefined; load?: Blob | undefined; migrationsFolder: string }): Promise<Database> {
  const worker = new Worker(new URL('./boot.mjs', import.meta.url), { workerData: { entry: new URL('./worker.ts', import.meta.url).href } });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  const failAll = (e: Error) => {
    failure = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (r: Reply) => {
    const p = pending.get(r.id);
    if (!p) return;
    pending.delete(r.id);
    if (r.ok) p.resolve(r.result);
    else p.reject(toError(r.error));
  });
  worker.on('error', (e) => failAll(e));
  worker.on('exit', (code) => failAll(new Error(`The embedded database thread stopped (exit code ${code}).`)));

  const send = <T>(req: Request, transfer: ArrayBuffer[] = []): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, ...req } satisfies Envelope, transfer);
    });
  };

  await send({ op: 'open', dataDir: opts.dataDir, load: opts.load ? await opts.load.arrayBuffer() : undefined });
  const query = <T extends Row>(text: string, params: unknown[] = [], tx?: number) => send<T[]>({ op: 'query', text, params, tx });
  return {
    engine: 'pglite',
    query: (text, params) => query(text, params),
    async transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const tx = await send<number>({ op: 'begin' });
      // One process, which PGlite waits for anyway: the last statements simply run before the commit.
      const last: string[] = [];
      let out: T;
      try {
        out = await fn(
          withSavepoints(
            (text, params) => query(text, params, tx),
            async (table, columns, text) => {
              // PGlite reads COPY data from a blob, not a stream: one COPY per slice of about COPY_SLICE bytes.
              const statement = copyStatement(table, columns, `'/dev/blob'`);
              let rows = 0;
              let slice: (string | Uint8Array)[] = [];
              let size = 0;
              const flush = async () => {
                const blob = Buffer.concat(slice.map((c) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c)));
                slice = [];
                size = 0;
                const data = blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength);
                rows += await send<number>({ op: 'copy', text: statement, tx, blob: data }, [data]);
              };
              for await (const chunk of text) {
                slice.push(chunk);
                size += chunk.length;
                if (size >= COPY_SLICE) await flush();
              }
              if (size) await flush();
              return rows;
            },
            undefined,
            (statement) => void last.push(statement),
          ),
        );
        for (const statement of last) await query(statement, [], tx);
      } catch (e) {
        await send({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw e;
      }
      await send({ op: 'end', tx, commit: true });
      return out;
    },
    migrate: () => send({ op: 'migrate', folder: opts.migrationsFolder }),
    async close() {
      await send({ op: 'close' }).catch(() => undefined);
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
