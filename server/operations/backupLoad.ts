import type { Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Queryable } from '../db/client';
import { coded } from '../http/errors';
import { copyLine, RowShapeError, type CopyColumn } from './backupCopyText';
import { byteColumns, plainRow, plainRowRoom } from './backupCopyBytes';

/**
 * A table's columns as COPY takes them, in the catalogue's order; null when one of them is of a kind
 * whose JSON is not its COPY text (an array, a composite, a domain, a generated column): such a table
 * is loaded through json_populate_recordset instead.
 */
export async function copyColumns(tx: Queryable, table: string): Promise<CopyColumn[] | null> {
  const cols = await tx.query(
    `SELECT a.attname AS name, t.typname AS type, t.typtype AS kind, t.typcategory AS category, a.attgenerated AS generated
       FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [table],
  );
  const copyable = (c: (typeof cols)[number]) => (c.kind === 'b' || c.kind === 'e') && c.category !== 'A' && !c.generated;
  if (!cols.length || !cols.every(copyable)) return null;
  return cols.map((c) => ({ name: String(c.name), json: c.type === 'json' || c.type === 'jsonb' }));
}

/** Whether a table file is of one row per line (the format this version writes: its first line is `[` alone). */
export async function isRowPerLine(path: string): Promise<boolean> {
  const f = await open(path);
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await f.read(head, 0, 2, 0);
    return bytesRead === 2 && head.toString('latin1') === '[\n';
  } finally {
    await f.close();
  }
}

/** Bytes of the file read, and of COPY text handed on, at a time. */
const CHUNK_BYTES = 1 << 20;
const NEWLINE = 10;
const OPEN = 123;

/** A table file longer than its manifest says: the load stops at the first row too many. */
export const moreRows = (file: string, rows: number) => coded(409, 'backupMoreRows', { file, rows });

/**
 * A one-row-per-line table file as COPY text, a chunk of bytes at a time, hashing the bytes as they
 * are read (the caller compares the digest once the file is done). A plain row is turned into COPY
 * text from its bytes (plainRow); any other line is decoded and goes through copyLine. A row this
 * server would not have written, or a row past the `maxRows` of the manifest (a file grown since it
 * was signed is not loaded to its end), ends it with a 409 naming the file.
 */
export async function* copyText(path: string, hash: Hash, columns: readonly CopyColumn[], file: string, maxRows: number): AsyncGenerator<Uint8Array> {
  let rows = 0;
  const index = new Map(columns.map((c, i) => [c.name, i]));
  const cols = byteColumns(columns);
  let line = 0;
  const done: Uint8Array[] = [];
  let out = Buffer.allocUnsafe(CHUNK_BYTES);
  let o = 0;
  /** At least `bytes` free in `out`: else what it holds is set aside to be handed on, and a new one taken. */
  const setAside = (next: number) => {
    if (o) done.push(out.subarray(0, o));
    out = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, next));
    o = 0;
  };
  const room = (bytes: number) => {
    if (out.length - o < bytes) setAside(bytes);
  };
  const counted = () => {
    if (++rows > maxRows) throw moreRows(file, maxRows);
  };
  /** The line in bytes[start, end) (its newline left out). */
  const row = (bytes: Buffer, start: number, end: number) => {
    line++;
    if (bytes[start] === OPEN) {
      const close = bytes[end - 1] === 44 ? end - 1 : end;
      room(plainRowRoom(close - start));
      const next = plainRow(bytes, start, close, cols, out, o);
      if (next >= 0) {
        counted();
        o = next;
        return;
      }
    }
    const trimmed = bytes.toString('utf8', start, end).trim();
    if (trimmed === '[' || trimmed === ']' || trimmed === '') return;
    const text = trimmed.endsWith(',') ? trimmed.slice(0, -1) : trimmed;
    counted();
    let copy: string;
    try {
      copy = `${copyLine(text, columns, index)}\n`;
    } catch (e) {
      if (e instanceof RowShapeError) throw coded(409, 'backupLineDamaged', { file, line, reason: e.message });
      throw e;
    }
    const length = Buffer.byteLength(copy);
    room(length);
    o += out.write(copy, o);
  };
  // The bytes after the last newline read so far: the start of a line the next chunk ends.
  let rest: Buffer | null = null;
  for await (const data of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    const chunk = data as Buffer;
    hash.update(chunk);
    let at = 0;
    if (rest) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl < 0) {
        rest = Buffer.concat([rest, chunk]);
        continue;
      }
      const whole = Buffer.concat([rest, chunk.subarray(0, nl)]);
      row(whole, 0, whole.length);
      at = nl + 1;
    }
    for (let nl = chunk.indexOf(NEWLINE, at); nl >= 0; nl = chunk.indexOf(NEWLINE, at)) {
      row(chunk, at, nl);
      at = nl + 1;
    }
    rest = at < chunk.length ? chunk.subarray(at) : null;
    if (o >= CHUNK_BYTES / 2 || done.length) {
      setAside(CHUNK_BYTES);
      yield* done.splice(0);
    }
  }
  const last = rest ?? Buffer.alloc(0);
  row(last, 0, last.length);
  if (o) done.push(out.subarray(0, o));
  yield* done;
}
