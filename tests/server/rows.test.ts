/**
 * Typed rows (server/db/rows.ts): the same SQL parsed by the same declaration gives the same values
 * on both engines, whatever JavaScript value each engine hands back for int8, numeric, json and
 * timestamps; a value that does not fit its column's kind is an error, never a NaN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { col, queryOne, queryRow, queryRows, rowsOf } from '../../server/db/rows';
import { engineAvailable, openTestDatabase } from './harness';

describe.runIf(engineAvailable())('typed rows', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(2));
  });
  afterAll(() => drop?.());

  const every = rowsOf({
    id: col.id,
    n: col.int,
    big: col.cents,
    sum: col.cents,
    pct: col.num,
    name: col.text,
    on: col.bool,
    at: col.date,
    idt: col.idText,
    bigt: col.centsText,
    doc: col.json<{ a: number[] }>(),
    none: col.nullable(col.cents),
  });

  it('parses int8, int4, numeric, text, boolean, timestamptz and json alike on either engine', async () => {
    const r = await queryOne(
      db,
      every,
      `SELECT 9007199254740991::bigint AS id, count(*)::int AS n, 123456789012345678::bigint AS big, sum(x)::numeric AS sum,
              12.5::numeric(5,2) AS pct, 'ü' AS name, true AS on, timestamptz '2026-01-02 03:04:05+00' AS at,
              42::bigint AS idt, (-5)::bigint AS bigt, '{"a":[1,2]}'::json AS doc, NULL::bigint AS none
         FROM (VALUES (1::bigint), (2::bigint)) v(x)`,
    );
    expect(r).toEqual({
      id: 9007199254740991,
      n: 2,
      big: 123456789012345678n,
      sum: 3n,
      pct: 12.5,
      name: 'ü',
      on: true,
      at: new Date('2026-01-02T03:04:05Z'),
      idt: '42',
      bigt: '-5',
      doc: { a: [1, 2] },
      none: null,
    });
  });

  it('answers every row, the first row or null', async () => {
    const ids = rowsOf({ id: col.id });
    expect(await queryRows(db, ids, `SELECT g AS id FROM generate_series(1::bigint, 3::bigint) g`)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(await queryRow(db, ids, `SELECT 7::bigint AS id`)).toEqual({ id: 7 });
    expect(await queryRow(db, ids, `SELECT 7::bigint AS id WHERE false`)).toBeNull();
    await expect(queryOne(db, ids, `SELECT 7::bigint AS id WHERE false`)).rejects.toThrow(/one row/);
  });

  it('refuses a value that does not fit its kind, naming the column', async () => {
    await expect(queryOne(db, rowsOf({ n: col.int }), `SELECT NULL::int AS n`)).rejects.toThrow(/column n: expected an integer/);
    await expect(queryOne(db, rowsOf({ c: col.cents }), `SELECT 1.5::numeric AS c`)).rejects.toThrow(/column c: expected whole cents/);
    await expect(queryOne(db, rowsOf({ id: col.id }), `SELECT 9007199254740993::bigint AS id`)).rejects.toThrow(/column id/);
    await expect(queryOne(db, rowsOf({ t: col.text }), `SELECT 1 AS t`)).rejects.toThrow(/column t: expected text/);
  });
});
