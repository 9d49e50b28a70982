/**
 * The common backup row made COPY text straight from the file's bytes: no UTF-8 decoding into a
 * JavaScript string, no string built per field, no encoding back for the socket. On a million ledger
 * rows the string path (copyLine) was most of Node's time in a restore, and the COPY waited on it.
 *
 * Only a plain row is done here: its keys exactly the table's columns in the table's order (as
 * PostgreSQL's to_json writes them), every value a number, true/false, null or a string without a
 * backslash or control character, in a column that is not json. Anything else answers "not plain"
 * and the caller hands that line to copyLine, which handles (or refuses, naming the line) every
 * other shape: the bytes path never decides that a row is damaged.
 */

/** A table's columns as this path needs them: each key's bytes as it appears in a row, and which are json. */
export interface ByteColumns {
  /** `"name":` of each column, in the table's order. */
  keys: readonly Uint8Array[];
  json: readonly boolean[];
}

export function byteColumns(columns: readonly { name: string; json: boolean }[]): ByteColumns {
  return { keys: columns.map((c) => Buffer.from(`${JSON.stringify(c.name)}:`, 'utf8')), json: columns.map((c) => c.json) };
}

/** The most bytes plainRow writes for a row of `length` bytes: never more than the row and its newline. */
export const plainRowRoom = (length: number): number => length + 1;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const CLOSE = 125;
const OPEN = 123;
const TAB = 9;
const NEWLINE = 10;

/** A byte of a JSON number or literal (0-9 . + - and ASCII letters): none has a meaning in COPY's text. */
const scalarByte = (c: number): boolean => (c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);

/**
 * Writes the COPY line (with its newline) of the row in `row[start, end)` (the `{…}` alone, without
 * a trailing comma) into `out` at `at`; returns where the line ends in `out`, or -1 when the row is
 * not plain (nothing of it counts then: the caller writes the line another way from `at`).
 * `out` must have plainRowRoom(end - start) bytes free at `at`.
 */
export function plainRow(row: Uint8Array, start: number, end: number, cols: ByteColumns, out: Uint8Array, at: number): number {
  const { keys, json } = cols;
  if (keys.length === 0 || end - start < 2 || row[start] !== OPEN || row[end - 1] !== CLOSE) return -1;
  const last = keys.length - 1;
  let p = start + 1;
  let o = at;
  for (let k = 0; k <= last; k++) {
    const key = keys[k]!;
    const n = key.length;
    if (p + n > end) return -1;
    for (let i = 0; i < n; i++) if (row[p + i] !== key[i]) return -1;
    p += n;
    if (k > 0) out[o++] = TAB;
    let c = row[p];
    if (c === QUOTE) {
      if (json[k]) return -1;
      for (p++; ; p++) {
        if (p >= end) return -1;
        c = row[p]!;
        if (c === QUOTE) break;
        // An escape (JSON's to undo, COPY's to add) or a raw control character: copyLine's business.
        if (c === BACKSLASH || c < 32) return -1;
        out[o++] = c;
      }
      p++;
    } else {
      const from = p;
      while (p < end && scalarByte(row[p]!)) out[o++] = row[p++]!;
      if (p === from) return -1;
      // null: COPY's \N (a string "null" took the branch above).
      if (p - from === 4 && row[from] === 110 && row[from + 1] === 117 && row[from + 2] === 108 && row[from + 3] === 108) {
        o -= 4;
        out[o++] = BACKSLASH;
        out[o++] = 78;
      }
    }
    if (k < last) {
      if (row[p] !== COMMA) return -1;
      p++;
    } else if (p !== end - 1) return -1;
  }
  out[o++] = NEWLINE;
  return o;
}
