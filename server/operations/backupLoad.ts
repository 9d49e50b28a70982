import type { Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { Queryable } from '../db/client';
import { conflict } from '../http/errors';
import { copyLine, RowShapeError, type CopyColumn } from './backupCopyText';

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

/** COPY text of about this many characters is handed on at a time. */
const CHUNK_CHARS = 1 << 20;

/**
 * A one-row-per-line table file as COPY text, a chunk at a time, hashing the bytes as they are read
 * (the caller compares the digest once the file is done). A row this server would not have written,
 * or a row past the `maxRows` of the manifest (a file grown since it was signed is not loaded to its
 * end), ends it with a 409 naming the file.
 */
export async function* copyText(path: string, hash: Hash, columns: readonly CopyColumn[], file: string, maxRows: number): AsyncGenerator<string> {
  let rows = 0;
  const index = new Map(columns.map((c, i) => [c.name, i]));
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let out = '';
  let line = 0;
  const row = (raw: string) => {
    line++;
    const trimmed = raw.trim();
    if (trimmed === '[' || trimmed === ']' || trimmed === '') return;
    const text = trimmed.endsWith(',') ? trimmed.slice(0, -1) : trimmed;
    if (++rows > maxRows) throw conflict(`The file ${file} holds more rows than the ${maxRows} of its manifest. Nothing was restored.`);
    try {
      out += `${copyLine(text, columns, index)}\n`;
    } catch (e) {
      if (e instanceof RowShapeError) throw conflict(`The file ${file} is damaged at line ${line} (${e.message}). Nothing was restored.`);
      throw e;
    }
  };
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_CHARS })) {
    hash.update(chunk as Buffer);
    const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
    rest = lines.pop()!;
    for (const l of lines) row(l);
    if (out.length >= CHUNK_CHARS) {
      yield out;
      out = '';
    }
  }
  row(rest + decoder.end());
  if (out) yield out;
}
