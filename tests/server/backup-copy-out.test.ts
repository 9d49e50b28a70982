import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { col, queryRows, rowsOf } from '../../server/db/rows';
import { jsonRowsCopy, writeJsonRows } from '../../server/operations/backupCopyOut';
import { engineAvailable, openTestDatabase } from './harness';

/** The bytes writeJsonRows writes for a COPY output cut into the given chunks. */
async function framed(chunks: string[]): Promise<{ text: string; rows: number }> {
  const out: Buffer[] = [];
  async function* source() {
    for (const c of chunks) yield Buffer.from(c, 'utf8');
  }
  const rows = await writeJsonRows(source(), async (b) => {
    out.push(Buffer.from(b));
  });
  return { text: Buffer.concat(out).toString('utf8'), rows };
}

/** A backup file's rows: `,\n` between rows, none after the last, wherever the COPY's chunks are cut. */
describe('COPY output framed as a backup file', () => {
  const lines = ['{"id":1,"m":"ü €"}', '{"id":2,"m":"a\\"b"}', '{"id":3,"m":"🙂"}'];
  const whole = `${lines.join('\n')}\n`;
  const expected = lines.join(',\n');

  it('one chunk, and every cut of it into two and three chunks (a cut inside a character too)', async () => {
    const bytes = Buffer.from(whole, 'utf8');
    const cut = (a: number, b: number) => [bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)].map((x) => x.toString('latin1'));
    for (let a = 0; a <= bytes.length; a++) {
      for (let b = a; b <= bytes.length; b += 3) {
        const out: Buffer[] = [];
        async function* source() {
          for (const c of cut(a, b)) yield Buffer.from(c, 'latin1');
        }
        const rows = await writeJsonRows(source(), async (x) => {
          out.push(Buffer.from(x));
        });
        expect(rows).toBe(3);
        expect(Buffer.concat(out).toString('utf8')).toBe(expected);
      }
    }
  });

  it('no rows writes nothing; one row has no separator', async () => {
    expect(await framed([])).toEqual({ text: '', rows: 0 });
    expect(await framed(['{"a":1}\n'])).toEqual({ text: '{"a":1}', rows: 1 });
  });

  it('more than a write buffer of rows, and a row larger than one, come out whole', async () => {
    const big = `{"s":"${'x'.repeat(3 << 20)}"}`;
    const many = Array.from({ length: 50_000 }, (_, i) => `{"id":${i},"pad":"${'p'.repeat(40)}"}`);
    const all = [...many.slice(0, 100), big, ...many.slice(100)];
    const out = await framed(all.map((l) => `${l}\n`));
    expect(out.rows).toBe(all.length);
    expect(out.text).toBe(all.join(',\n'));
  });
});

/** The COPY statement gives exactly PostgreSQL's to_json text of each row, whatever the row holds. */
describe.runIf(engineAvailable())('to_json rows by COPY', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(2));
  });
  afterAll(async () => drop?.());

  it('byte for byte the query’s text, escapes and control characters included', async () => {
    await db.transaction(async (tx) => {
      if (!tx.copyTo) return; // PGlite: the export reads through a cursor
      await tx.query(`CREATE TEMP TABLE odd (id int, s text, j jsonb, n numeric, at timestamptz)`);
      await tx.query(
        `INSERT INTO odd VALUES
          (1, E'tab\\there, nl\\nand \\\\ backslash "quoted"', '{"a":"b\\\\c","d":[1,2]}', 12.50, '2026-01-02 03:04:05.123456+00'),
          (2, E'\\x01\\x02 ;, \\r', 'null', 9007199254740993, NULL),
          (3, '', '"str"', NULL, NULL),
          (4, NULL, NULL, -0.000, NULL)`,
      );
      const expected = (await queryRows(tx, rowsOf({ j: col.text }), `SELECT to_json(t)::text AS j FROM odd t`)).map((r) => r.j);
      const chunks: Buffer[] = [];
      const rows = await writeJsonRows(tx.copyTo(jsonRowsCopy('odd')), async (b) => {
        chunks.push(Buffer.from(b));
      });
      expect(rows).toBe(4);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(expected.join(',\n'));
    });
  });
});
