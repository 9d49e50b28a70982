import { createHash, randomBytes, type Hash } from 'node:crypto';
import { constants, createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../db/client';
import { MIGRATIONS_DIR } from '../db/client';
import { col, queryOne, queryRows, rowsOf } from '../db/rows';
import { checkInvariant } from '../credit/ledger';
import { coded, HttpError } from '../http/errors';
import { tarGzStream, type TarFile } from './tar';
import { SIGNATURE_ALGORITHM, signatureHolds, signManifest } from './backupSigning';
import { deferIndexes } from './backupIndexes';
import { jsonRowsCopy, writeJsonRows } from './backupCopyOut';
import { copyColumns, copyText, isRowPerLine, moreRows } from './backupLoad';

/** Where backups are written, and the key (kept outside that folder) that signs and checks their manifests. */
export interface BackupPlace {
  dir: string;
  key: Buffer;
}

/**
/**
 * Tables a backup leaves out: live sessions are credentials; ticket_hours, activity_counts and
 * ledger_counts (with their fresh part, activity_fresh and ledger_fresh) are counted again from the tickets, the activity log and the ledger after a restore
 * loads them (RECOUNTED), parent_days and the accounts' pending play and play elsewhere from player_days (SUMMED_AGAIN); account_moves is empty
 * between statements; drizzle's own bookkeeping is not data.
 */
const SKIPPED = new Set(['sessions', 'ticket_hours', 'activity_counts', 'activity_fresh', 'ledger_counts', 'ledger_fresh', 'account_moves', 'parent_days']);
/** Sums of loaded tables that no trigger keeps, counted once after the load (an older backup has none of them). */
const SUMMED_AGAIN = ['SELECT td_parent_days_rebuild(NULL)', 'SELECT td_pending_play_rebuild(NULL)', 'SELECT td_play_elsewhere_rebuild(NULL)'];
/**
 * Counts that triggers keep on the loaded tables: a restore turns those triggers off while it loads
 * (a statement trigger would keep every loaded row aside until the load's end) and counts again once.
 */
const RECOUNTED = [
  { table: 'tickets', trigger: 'tickets_hours_insert', recount: 'SELECT td_ticket_hours_rebuild()' },
  { table: 'activity_logs', trigger: 'activity_logs_counts_insert', recount: 'SELECT td_activity_counts_rebuild()' },
  { table: 'transactions', trigger: 'transactions_counts_insert', recount: 'SELECT td_ledger_counts_rebuild()' },
];

export interface ManifestTable {
  name: string;
  file: string;
  rows: number;
  sha256: string;
}

export interface Manifest {
  schemaVersion: string;
  createdAt: string;
  tables: ManifestTable[];
  /** HMAC-SHA-256 of the fields above with this installation's signing key (hex). */
  signature?: string;
  signatureAlgorithm?: string;
}

/** The schema a backup belongs to: the newest migration this server knows. */
export function schemaVersion(): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries[journal.entries.length - 1].tag;
}

/** The data tables, parents before children (from the database's own foreign keys). */
export async function tablesInOrder(q: Queryable): Promise<string[]> {
  const tables = (await queryRows(q, rowsOf({ tablename: col.text }), `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`))
    .map((r) => r.tablename)
    .filter((t) => !SKIPPED.has(t));
  const edges = await queryRows(
    q,
    rowsOf({ child: col.text, parent: col.text }),
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent && parents.has(e.child)) parents.get(e.child)!.add(e.parent);
  const out: string[] = [];
  const visit = (t: string, seen: Set<string>) => {
    if (out.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const p of parents.get(t) ?? []) if (parents.has(p)) visit(p, seen);
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out;
}

const FOLDER = /^backup-\d{8}-\d{6}-[0-9a-f]{6}$/;
const MANIFEST = 'manifest.json';
/** A manifest is a few kilobytes (one entry per table): a larger file is no manifest of ours, and is never read. */
const MANIFEST_MAX_BYTES = 1_048_576;

const notRegular = (file: string) => coded(409, 'backupNotRegular', { file });

interface OpenedFile {
  handle: FileHandle;
  size: number;
  mtime: Date;
}

/**
 * A backup file opened as it is on disk, never through a link: a symbolic link could carry out the
 * signing key (or any file the server reads), a hard link the same; only a regular file with this one
 * name is used. Opened without blocking, so a FIFO planted there cannot hang the request.
 */
async function openRegular(dir: string, folder: string, file: string): Promise<OpenedFile> {
  let handle: FileHandle;
  try {
    handle = await open(join(dir, folder, file), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw notRegular(file);
    if (code === 'ENOENT') throw notWhole(file);
    throw e;
  }
  const s = await handle.stat();
  if (!s.isFile() || s.nlink !== 1) {
    await handle.close();
    throw notRegular(file);
  }
  return { handle, size: s.size, mtime: s.mtime };
}

/** A folder's manifest as it is on disk (a regular file of at most a megabyte), its bytes and what they say. */
async function readManifest(dir: string, folder: string): Promise<{ manifest: Manifest; text: Buffer; mtime: Date }> {
  const { handle, size, mtime } = await openRegular(dir, folder, MANIFEST);
  try {
    if (size > MANIFEST_MAX_BYTES) throw damaged();
    const text = await handle.readFile();
    return { manifest: parseManifest(text.toString('utf8')), text, mtime };
  } finally {
    await handle.close();
  }
}

/**
 * Backups under `dir`, newest first: only folders this server wrote (name pattern, a real folder, a
 * manifest). Only the manifest is read; its size is the manifest's and the regular files it lists
 * (nothing else in the folder counts, nor is read).
 */
export async function listBackups(dir: string): Promise<{ folder: string; createdAt: string; size: number; rows: number }[]> {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // A link named like a backup is none: it could point anywhere.
    if (!entry.isDirectory() || !FOLDER.test(entry.name)) continue;
    const folder = entry.name;
    let read: Awaited<ReturnType<typeof readManifest>>;
    try {
      read = await readManifest(dir, folder);
    } catch {
      // A folder whose manifest cannot be read is no backup of ours: not listed (a restore would refuse it anyway).
      continue;
    }
    let size = read.text.length;
    for (const t of read.manifest.tables) {
      const s = await lstat(join(dir, folder, t.file)).catch(() => null);
      if (s?.isFile() && s.nlink === 1) size += s.size;
    }
    out.push({ folder, createdAt: read.manifest.createdAt, size, rows: read.manifest.tables.reduce((n, t) => n + t.rows, 0) });
  }
  return out.sort((a, b) => b.folder.localeCompare(a.folder));
}

/** A folder named by a client, accepted only when it is one of the listed backups. */
export async function knownFolder(dir: string, raw: unknown): Promise<string> {
  const name = typeof raw === 'string' ? raw : '';
  if (!(await listBackups(dir)).some((b) => b.folder === name)) throw coded(400, 'backupNoSuchName', {}, 'folder');
  return name;
}

/** The archive of a backup folder as Local Download and Cloud Transfer send it, with the manifest it holds. */
export interface BackupArchive {
  manifest: Manifest;
  /** manifest.json's bytes, as archived. */
  manifestText: Buffer;
  stream: Readable;
}

/**
 * One gzipped tar of a (known) backup folder: its manifest and the files that manifest lists, only
 * once the manifest's signature holds, each opened before the first byte goes (so a refusal is a 409,
 * not a broken download) and streamed from disk a chunk at a time. Nothing else in the folder is sent.
 */
export async function openArchive(place: BackupPlace, folder: string): Promise<BackupArchive> {
  const { manifest, text, mtime } = await readManifest(place.dir, folder);
  if (!signatureHolds(place.key, manifest, manifest.signature)) throw coded(409, 'backupUnsignedNotSent');
  const opened: (OpenedFile & { file: string })[] = [];
  const closeAll = () => Promise.all(opened.map((o) => o.handle.close().catch(() => undefined)));
  try {
    for (const t of manifest.tables) opened.push({ file: t.file, ...(await openRegular(place.dir, folder, t.file)) });
  } catch (e) {
    await closeAll();
    throw e;
  }
  const files: TarFile[] = [
    { name: `${folder}/${MANIFEST}`, size: text.length, mtime, body: async function* () { yield text; } },
    ...opened.map((o) => ({ name: `${folder}/${o.file}`, size: o.size, mtime: o.mtime, body: () => o.handle.createReadStream({ autoClose: false }) })),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const stream = tarGzStream(files);
  // Sent, failed or abandoned by the reader: the files are closed either way.
  stream.once('close', () => void closeAll());
  return { manifest, manifestText: text, stream };
}

/**
 * Writes every table (but sessions) as it stands in one snapshot: one JSON file per table, rows as
 * PostgreSQL's own JSON of them (exact bigints, timestamps to the microsecond), and a manifest with
 * the schema version, row counts and a SHA-256 per file. The folder appears complete or not at all.
 */
export async function exportBackup(db: Database, place: BackupPlace, now = new Date()): Promise<{ folder: string; manifest: Manifest }> {
  const { dir } = place;
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const folder = `backup-${stamp}-${randomBytes(3).toString('hex')}`;
  const partial = join(dir, `.${folder}.partial`);
  await mkdir(partial, { recursive: true });
  try {
    const tables = await db.transaction(async (tx) => {
      if (db.engine === 'postgres') await tx.query(`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
      const out: ManifestTable[] = [];
      for (const name of await tablesInOrder(tx)) out.push(await exportTable(tx, name, partial));
      return out;
    });
    const signed = { schemaVersion: schemaVersion(), createdAt: now.toISOString(), tables };
    const manifest: Manifest = { ...signed, signatureAlgorithm: SIGNATURE_ALGORITHM, signature: signManifest(place.key, signed) };
    await writeFile(join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await rename(partial, join(dir, folder));
    return { folder, manifest };
  } catch (e) {
    await rm(partial, { recursive: true, force: true });
    throw e;
  }
}

/** Rows fetched and written at a time: a table of any size streams through a cursor, never one value. */
const BATCH_ROWS = 5000;
/** A row of a table as JSON text, written to the backup as it comes. */
const jsonTextRow = rowsOf({ j: col.text });
const countRow = rowsOf({ n: col.int });

/**
 * One table's file: a JSON array with one row per line (PostgreSQL's own JSON of the row: exact
 * bigints, timestamps to the microsecond), hashed as it is written. Streamed by COPY where the engine
 * has it, else read through a cursor a batch at a time (PGlite): the bytes are the same either way.
 */
async function exportTable(tx: Queryable, name: string, partial: string): Promise<ManifestTable> {
  const file = `${name}.json`;
  const out = createWriteStream(join(partial, file));
  const hash = createHash('sha256');
  const write = async (text: string | Buffer) => {
    hash.update(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  let rows = 0;
  if (tx.copyTo) {
    // The same bytes as the cursor's, streamed: the file's pace holds the COPY's.
    await write('[\n');
    rows = await writeJsonRows(tx.copyTo(jsonRowsCopy(name)), write);
    await write('\n]\n');
    out.end();
    await finished(out);
    return { name, file, rows, sha256: hash.digest('hex') };
  }
  const cursor = `backup_${name}`;
  await tx.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT to_json(t)::text AS j FROM "${name}" t`);
  await write('[\n');
  for (;;) {
    const batch = await queryRows(tx, jsonTextRow, `FETCH ${BATCH_ROWS} FROM ${cursor}`);
    if (batch.length === 0) break;
    await write(`${rows ? ',\n' : ''}${batch.map((r) => r.j).join(',\n')}`);
    rows += batch.length;
  }
  await tx.query(`CLOSE ${cursor}`);
  await write('\n]\n');
  out.end();
  await finished(out);
  return { name, file, rows, sha256: hash.digest('hex') };
}

/** A backup file's SHA-256, read as a stream. */
async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const damaged = () => coded(409, 'backupManifestDamaged');

/** The manifest as this server reads it: only the fields it trusts, of the types it expects, else a 409. */
function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw damaged();
  }
  const m = raw as Partial<Manifest> | null;
  if (!m || typeof m.schemaVersion !== 'string' || typeof m.createdAt !== 'string' || !Array.isArray(m.tables)) throw damaged();
  const tables = m.tables.map((t: Partial<ManifestTable> | null) => {
    if (!t || typeof t.name !== 'string' || typeof t.file !== 'string' || !Number.isSafeInteger(t.rows) || typeof t.sha256 !== 'string') throw damaged();
    // A table file is a plain name in the folder, never the manifest itself, each once.
    if (!/^[a-z_]+\.json$/.test(t.file) || t.file === MANIFEST) throw damaged();
    return { name: t.name, file: t.file, rows: t.rows!, sha256: t.sha256 };
  });
  if (new Set(tables.map((t) => t.file)).size !== tables.length) throw damaged();
  return { schemaVersion: m.schemaVersion, createdAt: m.createdAt, tables, signature: typeof m.signature === 'string' ? m.signature : undefined };
}

const notWhole = (file: string) => coded(409, 'backupChecksum', { file });

/**
 * Reads a backup's manifest and proves it signed by this installation's key and of this schema,
 * before anything is touched. The signature comes first: whoever can write to BACKUP_DIR can
 * recompute the checksums, not the signature. Each file's checksum is proved as the restore reads it,
 * before its transaction commits (one read of each file, not two: on a million ledger rows the
 * second read was a tenth of the restore).
 */
export async function readBackup(place: BackupPlace, folder: string, q: Queryable): Promise<{ manifest: Manifest }> {
  const { dir } = place;
  const { manifest } = await readManifest(dir, folder);
  if (!signatureHolds(place.key, manifest, manifest.signature)) throw coded(409, 'backupUnsigned');
  if (manifest.schemaVersion !== schemaVersion()) throw coded(409, 'backupOtherSchema', { backup: manifest.schemaVersion, server: schemaVersion() });
  const current = await tablesInOrder(q);
  const named = new Set(manifest.tables.map((t) => t.name));
  if (current.length !== named.size || current.some((t) => !named.has(t))) throw coded(409, 'backupOtherTables');
  // Each listed file a regular one of its own (the load reads by name; its checksum proves the bytes).
  for (const t of manifest.tables) {
    const s = await lstat(join(dir, folder, t.file)).catch(() => null);
    if (!s) throw notWhole(t.file);
    if (!s.isFile() || s.nlink !== 1) throw notRegular(t.file);
  }
  return { manifest };
}

/**
 * A table file's rows in batches of JSON arrays: files of this version hold one row per line; a file
 * of one line (a backup written before) is its own single batch.
 */
async function* rowBatches(path: string, hash: Hash): AsyncGenerator<string> {
  let batch: string[] = [];
  const input = createReadStream(path);
  input.on('data', (chunk) => hash.update(chunk));
  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    const line = raw.trim();
    if (line === '[' || line === ']' || line === '') continue;
    if (line.startsWith('[')) {
      yield line;
      continue;
    }
    batch.push(line.endsWith(',') ? line.slice(0, -1) : line);
    if (batch.length >= BATCH_ROWS) {
      yield `[${batch.join(',')}]`;
      batch = [];
    }
  }
  if (batch.length) yield `[${batch.join(',')}]`;
}

/**
 * Restores a backup in one transaction, as pg_restore does: every table emptied, its indexes and
 * keys set aside (deferIndexes), the rows loaded with COPY where the engine has it (else a batch of
 * json_populate_recordset at a time), then the indexes and keys built again, which validates them,
 * sequences moved past the restored ids, and each file's checksum, the row counts and the ledger
 * invariant checked before commit. Any failure leaves the database as it was. Sessions are not in a backup: a restore ends
 * them all.
 */
export async function importBackup(db: Database, place: BackupPlace, folder: string, timing?: RestoreTiming): Promise<{ rows: number }> {
  const { dir } = place;
  let lap = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    timing?.(name, (now - lap) / 1000);
    lap = now;
  };
  const { manifest } = await readBackup(place, folder, db);
  phase('signature');
  const out = await db
    .transaction(async (tx) => {
      const order = await tablesInOrder(tx);
      const emptied = [...order, ...SKIPPED];
      await tx.query(`TRUNCATE ${emptied.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`);
      const deferred = await deferIndexes(tx, emptied);
      for (const r of RECOUNTED) await tx.query(`ALTER TABLE "${r.table}" DISABLE TRIGGER "${r.trigger}"`);
      phase(`truncate, ${deferred.count} indexes and keys set aside`);
      let rows = 0;
      for (const name of order) {
        const entry = manifest.tables.find((t) => t.name === name)!;
        const path = join(dir, folder, entry.file);
        // Hashed as it is read, and proved before the commit: what was loaded is what was signed.
        const hash = createHash('sha256');
        const columns = tx.copyFrom && (await isRowPerLine(path)) ? await copyColumns(tx, name) : null;
        let inTable = 0;
        try {
          if (tx.copyFrom && columns) {
            inTable = await tx.copyFrom(
              name,
              columns.map((c) => c.name),
              copyText(path, hash, columns, entry.file, entry.rows),
            );
          } else {
            for await (const batch of rowBatches(path, hash)) {
              const r = await queryOne(tx, countRow, `WITH ins AS (INSERT INTO "${name}" SELECT * FROM json_populate_recordset(NULL::"${name}", $1::json) RETURNING 1) SELECT count(*)::int AS n FROM ins`, [batch]);
              inTable += r.n;
              if (inTable > entry.rows) throw moreRows(entry.file, entry.rows);
            }
          }
        } catch (e) {
          // A file that is not the one signed explains whatever its load ran into: that is what is said.
          if ((await fileSha256(path).catch(() => null)) !== entry.sha256) throw notWhole(entry.file);
          throw e;
        }
        if (hash.digest('hex') !== entry.sha256) throw notWhole(entry.file);
        if (inTable !== entry.rows) throw coded(409, 'backupRowCount', { file: entry.file, found: inTable, rows: entry.rows });
        rows += inTable;
        if (inTable) phase(`load ${name} (${inTable} rows, ${columns ? 'COPY' : 'json'})`);
      }
      phase('load the other tables');
      // PostgreSQL's advice for a bulk load: sorts of this size in memory, for this transaction only.
      if (db.engine === 'postgres') await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      // Counted before the indexes come back: each count is a scan of its loaded tables, and its rows
      // (about two per ledger row where play is sparse) then go into a table without its key, which
      // the rebuild below makes in one sort instead of one index insert per row.
      for (const r of RECOUNTED) {
        await tx.query(`ALTER TABLE "${r.table}" ENABLE TRIGGER "${r.trigger}"`);
        await tx.query(r.recount);
        phase(`count again: ${r.recount}`);
      }
      for (const sql of SUMMED_AGAIN) {
        await tx.query(sql);
        phase(`sum again: ${sql}`);
      }
      await deferred.rebuild();
      phase(`build the ${deferred.count} indexes and keys`);
      for (const name of order) {
        const serial = await queryRows(
          tx,
          rowsOf({ column_name: col.text }),
          `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_default LIKE 'nextval(%'`,
          [name],
        );
        for (const { column_name: column } of serial) {
          await tx.query(`SELECT setval(pg_get_serial_sequence('"${name}"', '${column}'), coalesce((SELECT max("${column}") FROM "${name}"), 0) + 1, false)`);
        }
      }
      phase('sequences');
      const inv = await checkInvariant(tx);
      if (!inv.ok) throw coded(409, 'backupLedgerOff');
      phase('ledger invariant');
      return { rows };
    })
    .catch((e: unknown) => {
      throw refusedData(e) ?? e;
    });
  phase('commit');
  return out;
}

/** Told the seconds of each step of a restore as it ends (the bench prints where the time goes). */
export type RestoreTiming = (step: string, seconds: number) => void;

/**
 * PostgreSQL's refusal of a backup's rows (a value its column cannot hold, a duplicate key, a
 * missing parent, a failed check: SQLSTATE classes 22 and 23) as a 409 that says so; the
 * transaction has rolled back.
 */
function refusedData(e: unknown): HttpError | null {
  if (e instanceof HttpError) return null;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(code)) return null;
  return coded(409, 'backupRowsRefused', { reason: (e as Error).message });
}

/** Removes a partial folder left by a crash during an export. */
export async function sweepPartials(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const f of await readdir(dir)) if (f.startsWith('.backup-') && f.endsWith('.partial')) await rm(join(dir, f), { recursive: true, force: true });
}
