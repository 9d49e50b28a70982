import type { Queryable, Row } from './database';

export type { Row };

/**
 * Typed rows, converted in one place. The two engines answer the same SQL with different JavaScript
 * values: pg returns int8 and numeric as strings, PGlite returns them as numbers; json may come back
 * parsed or as text. A query declares its columns once (`rowsOf({ id: col.id, … })`) and every row is
 * converted by that declaration, so no call site converts by hand and a row's type is its parser's.
 * A value that does not fit its column's kind throws: a wrong declaration shows at once instead of
 * turning into NaN or "undefined" further on.
 */

/** One column's conversion: the engine's value in, the row's value out. */
export type Kind<T> = (v: unknown, column: string) => T;

const wrong = (column: string, what: string, v: unknown) =>
  new Error(`column ${column}: expected ${what}, got ${v === null ? 'null' : typeof v} ${typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : ''}`.trim());

const INTEGER = /^-?\d+$/;

/** An integer that fits a JavaScript number exactly (ids, counts, int4 and int8 alike). */
const int: Kind<number> = (v, column) => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && INTEGER.test(v)) {
    const n = Number(v);
    if (Number.isSafeInteger(n)) return n;
  }
  if (typeof v === 'bigint' && v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
  throw wrong(column, 'an integer', v);
};

/** Exact cents: money never passes through a float (int8 or numeric without a fraction, or its text). */
const cents: Kind<bigint> = (v, column) => {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && INTEGER.test(v)) return BigInt(v);
  throw wrong(column, 'whole cents', v);
};

/** A numeric that is a measure, not money (a commission percentage, a share). */
const num: Kind<number> = (v, column) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'bigint' ? Number(v) : NaN;
  if (Number.isFinite(n)) return n;
  throw wrong(column, 'a number', v);
};

const text: Kind<string> = (v, column) => {
  if (typeof v === 'string') return v;
  throw wrong(column, 'text', v);
};

const bool: Kind<boolean> = (v, column) => {
  if (typeof v === 'boolean') return v;
  throw wrong(column, 'a boolean', v);
};

/** A timestamp: a Date from either engine (pg parses timestamptz; its text form is accepted too). */
const date: Kind<Date> = (v, column) => {
  const d = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null;
  if (d && !Number.isNaN(d.getTime())) return d;
  throw wrong(column, 'a timestamp', v);
};

/** An id as the API spells it: decimal text (int8 ids come as text from pg, as numbers from PGlite). */
const idText: Kind<string> = (v, column) => String(int(v, column));

/** Whole cents as decimal text, for a sum that may exceed a JavaScript number's exact range. */
const centsText: Kind<string> = (v, column) => cents(v, column).toString();

/** A json / jsonb value, parsed by either engine or given as its text; its shape is the caller's to state. */
function json<T>(): Kind<T> {
  return (v) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/** Text that must be one of `values` (a role, a status): the row's type is their union. */
function oneOf<T extends string>(values: readonly T[]): Kind<T> {
  return (v, column) => {
    const found = values.find((x) => x === v);
    if (found === undefined) throw wrong(column, `one of ${values.join(', ')}`, v);
    return found;
  };
}

/** The same kind, or null (a LEFT JOIN's column, a nullable column). */
function nullable<T>(kind: Kind<T>): Kind<T | null> {
  return (v, column) => (v === null || v === undefined ? null : kind(v, column));
}

/** The column kinds. */
export const col = { id: int, int, cents, num, text, bool, date, idText, centsText, json, oneOf, nullable } as const;

export type Shape = Record<string, Kind<unknown>>;
export type Parsed<S extends Shape> = { [K in keyof S]: S[K] extends Kind<infer T> ? T : never };

/** A query's row parser: a function from the engine's row to the typed row, and the columns it reads. */
export interface RowParser<T, S extends Shape = Shape> {
  (r: Row): T;
  readonly columns: readonly string[];
  /** The declaration, to extend for a query that selects more (`rowsOf({ ...p.shape, total: col.int })`). */
  readonly shape: S;
}

/** The row type a parser gives. */
export type RowOf<P> = P extends RowParser<infer T, Shape> ? T : never;

/** A parser from its columns' kinds, declared once per table or query. */
export function rowsOf<S extends Shape>(shape: S): RowParser<Parsed<S>, S> {
  const entries = Object.entries(shape);
  const parse = (r: Row) => {
    const out: Record<string, unknown> = {};
    for (const [name, kind] of entries) out[name] = kind(r[name], name);
    return out as Parsed<S>;
  };
  return Object.assign(parse, { columns: entries.map(([name]) => name), shape });
}

/** Every row of a statement, typed by its parser. */
export async function queryRows<T>(q: Queryable, parse: RowParser<T>, sql: string, params?: unknown[]): Promise<T[]> {
  return (await q.query(sql, params)).map(parse);
}

/** The first row of a statement, typed by its parser, or null when there is none. */
export async function queryRow<T>(q: Queryable, parse: RowParser<T>, sql: string, params?: unknown[]): Promise<T | null> {
  const [r] = await q.query(sql, params);
  return r === undefined ? null : parse(r);
}

/** The single row of a statement that always returns one (an aggregate, a function call). */
export async function queryOne<T>(q: Queryable, parse: RowParser<T>, sql: string, params?: unknown[]): Promise<T> {
  const [r] = await q.query(sql, params);
  if (r === undefined) throw new Error('expected one row, got none');
  return parse(r);
}

/** Parses rows already fetched (a statement run by a helper of its own, such as a retry or a savepoint). */
export const parseRows = <T>(parse: RowParser<T>, rows: readonly Row[]): T[] => rows.map(parse);
