/**
 * A backup row (PostgreSQL's own `to_json` of it, one per line) as a line of COPY's text format, so a
 * restore can load a table with COPY instead of parsing JSON in the database. Numbers are copied as
 * the text they were written with (a bigint past 2^53 and a numeric's trailing zeros stay exact);
 * strings lose their JSON escapes and gain COPY's; json/jsonb values stay JSON text.
 */

/** A column of the table being loaded, in the order of the COPY's column list. */
export interface CopyColumn {
  name: string;
  /** json or jsonb: the value is kept as JSON text (a JSON string keeps its quotes). */
  json: boolean;
}

/** Why a line could not be turned into a COPY line: the backup is not of the shape this server writes. */
export class RowShapeError extends Error {}

const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIAL_ALL = /[\\\n\r\t]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value as COPY's text format reads it: backslash, newline, carriage return and tab escaped. */
export const copyEscape = (text: string): string => (COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIAL_ALL, (c) => COPY_ESCAPES[c]!) : text);

/** Index just past the closing quote of the JSON string opening at `at`. */
function stringEnd(line: string, at: number): number {
  let q = at;
  for (;;) {
    q = line.indexOf('"', q + 1);
    if (q < 0) throw new RowShapeError('an unterminated string');
    let slashes = 0;
    for (let b = q - 1; line.charCodeAt(b) === 92; b--) slashes++;
    if (slashes % 2 === 0) return q + 1;
  }
}

/** Index just past the JSON object or array opening at `at` (strings inside it skipped whole). */
function nestedEnd(line: string, at: number): number {
  let depth = 0;
  for (let i = at; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 34) i = stringEnd(line, i) - 1;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (--depth === 0) return i + 1;
    }
  }
  throw new RowShapeError('an unterminated object or array');
}

/**
 * Index just past a number, true, false or null starting at `at`. Its characters are those of JSON's
 * literals and numbers, so none has a meaning in COPY's text (PostgreSQL checks the value itself).
 */
function scalarEnd(line: string, at: number): number {
  let i = at;
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 44 || c === 125) break;
    // 0-9 . + - and letters
    if (!((c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || (c >= 97 && c <= 122) || (c >= 65 && c <= 90))) throw new RowShapeError('an unreadable value');
  }
  if (i === at) throw new RowShapeError('a missing value');
  return i;
}

/**
 * The COPY text line (without its newline) of one backup row, fields in the order of `columns`.
 * Throws RowShapeError when the line is not one JSON object holding exactly those keys.
 */
export function copyLine(line: string, columns: readonly CopyColumn[], index: ReadonlyMap<string, number>): string {
  const fields = new Array<string | undefined>(columns.length);
  let at = 0;
  if (line.charCodeAt(0) !== 123) throw new RowShapeError('a row that is not an object');
  let seen = 0;
  for (;;) {
    at++;
    if (line.charCodeAt(at) !== 34) {
      if (seen === 0 && line.charCodeAt(at) === 125) break;
      throw new RowShapeError('a key that is not a string');
    }
    // PostgreSQL writes the keys in the table's column order: the expected key is tried first.
    let col = seen;
    let keyEnd: number;
    const expected = columns[col]?.name;
    if (expected !== undefined && fields[col] === undefined && line.startsWith(expected, at + 1) && line.charCodeAt(at + 1 + expected.length) === 34) {
      keyEnd = at + 2 + expected.length;
    } else {
      keyEnd = stringEnd(line, at);
      const key = line.slice(at + 1, keyEnd - 1);
      const found = index.get(key);
      if (found === undefined || fields[found] !== undefined) throw new RowShapeError(`an unknown or repeated column ${JSON.stringify(key)}`);
      col = found;
    }
    const key = columns[col]!.name;
    if (line.charCodeAt(keyEnd) !== 58) throw new RowShapeError('a key without a value');
    const start = keyEnd + 1;
    const c = line.charCodeAt(start);
    let end: number;
    let value: string;
    if (c === 34) {
      end = stringEnd(line, start);
      const raw = line.slice(start, end);
      // A JSON string without a backslash has nothing to unescape, and nothing COPY would read as an escape.
      value = columns[col]!.json ? copyEscape(raw) : raw.includes('\\') ? copyEscape(JSON.parse(raw) as string) : raw.slice(1, -1);
    } else if (c === 123 || c === 91) {
      end = nestedEnd(line, start);
      if (!columns[col]!.json) throw new RowShapeError(`an object or array in column ${key}`);
      value = copyEscape(line.slice(start, end));
    } else {
      end = scalarEnd(line, start);
      value = line.slice(start, end);
      if (value === 'null') value = '\\N';
    }
    fields[col] = value;
    seen++;
    at = end;
    const next = line.charCodeAt(at);
    if (next === 125) break;
    if (next !== 44) throw new RowShapeError('a value not followed by , or }');
  }
  if (at !== line.length - 1) throw new RowShapeError('text after the row');
  if (seen !== columns.length) throw new RowShapeError(`${seen} of the table's ${columns.length} columns`);
  return fields.join('\t');
}
