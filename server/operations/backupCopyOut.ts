/**
 * A table's backup rows read with COPY … TO STDOUT instead of a cursor: PostgreSQL sends each row's
 * to_json text as one line, and Node only frames those lines the way a backup file holds them
 * (`,\n` between rows). No row becomes a JavaScript string and no batch of rows is held: on the 10 M
 * ticket installation the cursor's batches of strings were the export's peak memory and most of
 * Node's time.
 */

/**
 * The statement that writes each row of `table` as its to_json text, one line a row, bytes as they
 * are. CSV with a quote and a delimiter that to_json never writes raw (it escapes every character
 * below U+0020 as \u00XX) and a row that is never empty nor null: nothing is ever quoted or
 * escaped, unlike COPY's text format, which would double every backslash of the JSON.
 */
export const jsonRowsCopy = (table: string): string =>
  `COPY (SELECT to_json(t)::text FROM "${table.replace(/"/g, '""')}" t) TO STDOUT WITH (FORMAT csv, DELIMITER E'\\x02', QUOTE E'\\x01')`;

/** Bytes gathered before one write: few writes, and at most this much (plus one chunk) held. */
const FLUSH_BYTES = 1 << 20;
const NEWLINE = 10;
const BETWEEN_ROWS = Buffer.from(',\n');

/**
 * Writes the rows of a COPY output (one row per line, each line ending in a newline) as a backup
 * file's rows: `,\n` between two rows, nothing after the last. Each write is awaited before the next
 * chunk is read, so the file's pace holds the COPY's. Resolves to the rows seen.
 */
export async function writeJsonRows(source: AsyncIterable<Uint8Array>, write: (bytes: Buffer) => Promise<void>): Promise<number> {
  let rows = 0;
  // A row ended: its separator goes out only once another row starts (the last row has none).
  let ended = false;
  let buf = Buffer.allocUnsafe(FLUSH_BYTES);
  let used = 0;
  // Full buffers waiting for their write: at most one chunk's worth, written before the next is read.
  const ready: Buffer[] = [];
  const close = () => {
    if (used === 0) return;
    ready.push(buf.subarray(0, used));
    // The stream keeps a buffer until it is written: the next bytes go to a new one.
    buf = Buffer.allocUnsafe(FLUSH_BYTES);
    used = 0;
  };
  const put = (bytes: Uint8Array) => {
    if (used + bytes.length > buf.length) close();
    if (bytes.length > buf.length) ready.push(Buffer.from(bytes));
    else {
      buf.set(bytes, used);
      used += bytes.length;
    }
  };
  for await (const chunk of source) {
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, from);
      const end = nl < 0 ? chunk.length : nl;
      if (end > from) {
        if (ended) {
          put(BETWEEN_ROWS);
          ended = false;
        }
        put(chunk.subarray(from, end));
      }
      if (nl < 0) break;
      rows++;
      ended = true;
      from = nl + 1;
    }
    while (ready.length) await write(ready.shift()!);
  }
  close();
  while (ready.length) await write(ready.shift()!);
  return rows;
}
