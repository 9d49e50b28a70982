import { describe, expect, it } from 'vitest';
import { byteColumns, plainRow, plainRowRoom } from '../../server/operations/backupCopyBytes';
import { copyLine, type CopyColumn } from '../../server/operations/backupCopyText';

const columns: CopyColumn[] = [
  { name: 'id', json: false },
  { name: 'from_id', json: false },
  { name: 'message', json: false },
  { name: 'amount', json: false },
  { name: 'data', json: true },
];
const index = new Map(columns.map((c, i) => [c.name, i]));
const cols = byteColumns(columns);

/** plainRow's COPY line of a row, or null when it leaves the row to copyLine. */
function viaBytes(row: string): string | null {
  const bytes = Buffer.from(row, 'utf8');
  const out = Buffer.alloc(plainRowRoom(bytes.length) + 8, 0xff);
  // Written at an offset, from a row at an offset: both are positions in larger buffers in a restore.
  const framed = Buffer.concat([Buffer.from('xx'), bytes, Buffer.from(',\n')]);
  const end = plainRow(framed, 2, 2 + bytes.length, cols, out, 3);
  return end < 0 ? null : out.toString('utf8', 3, end);
}

/** Restore's fast path: the common row made COPY text from its bytes, exactly as copyLine makes it. */
describe('a backup row as COPY text, from its bytes', () => {
  it.each([
    ['numbers, null and plain strings', '{"id":9007199254740993,"from_id":null,"message":"Transfer of 12.50 to AD0005","amount":-1.50e3,"data":null}'],
    ['a string "null" stays text', '{"id":1,"from_id":2,"message":"null","amount":0,"data":7}'],
    ['an empty string is not null', '{"id":1,"from_id":2,"message":"","amount":true,"data":false}'],
    ['UTF-8 of every length, COPY-neutral punctuation', '{"id":1,"from_id":2,"message":"ü € 🙂 {x:1}, [y] / N","amount":1,"data":null}'],
  ])('%s: the same line as copyLine', (_what, row) => {
    expect(viaBytes(row)).toBe(`${copyLine(row, columns, index)}\n`);
  });

  it.each([
    ['an escape in a string (JSON’s undone, COPY’s added)', '{"id":1,"from_id":2,"message":"tab\\there \\\\N","amount":1,"data":null}'],
    ['an escaped quote in a string', '{"id":1,"from_id":2,"message":"say \\"q\\"","amount":1,"data":null}'],
    ['a json column’s object', '{"id":1,"from_id":2,"message":"m","amount":1,"data":{"a":"b\\\\c"}}'],
    ['a json column’s string', '{"id":1,"from_id":2,"message":"m","amount":1,"data":"x"}'],
    ['keys in another order', '{"from_id":2,"id":1,"message":"m","amount":1,"data":null}'],
    ['a raw tab in a string', '{"id":1,"from_id":2,"message":"a\tb","amount":1,"data":null}'],
    ['a column missing', '{"id":1,"from_id":2,"message":"m","amount":1}'],
    ['a column more', '{"id":1,"from_id":2,"message":"m","amount":1,"data":null,"x":1}'],
    ['a cut line', '{"id":15000,"from_id":'],
    ['an unterminated string', '{"id":1,"from_id":2,"message":"m,"amount":1,"data":null}'],
    ['a value that is no JSON', '{"id":1,"from_id":2,"message":"m","amount":1;2,"data":null}'],
    ['text after the row', '{"id":1,"from_id":2,"message":"m","amount":1,"data":null}x'],
  ])('%s: left to copyLine', (_what, row) => {
    expect(viaBytes(row)).toBeNull();
  });

  it('never writes more than the row and its newline', () => {
    const row = '{"id":1,"from_id":null,"message":"","amount":null,"data":null}';
    expect(Buffer.byteLength(viaBytes(row)!)).toBeLessThanOrEqual(plainRowRoom(Buffer.byteLength(row)));
  });
});
