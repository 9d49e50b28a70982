import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

export interface TarFile {
  name: string;
  /** The bytes `body` yields: the header is written before them. */
  size: number;
  mtime: Date;
  /** The file's bytes, read when its turn comes. */
  body: () => AsyncIterable<Buffer>;
}

/** Largest size the ustar header's 11 octal digits hold (8 GiB - 1); larger ones are written in base-256. */
const OCTAL_SIZE_MAX = 0o77777777777;

/**
 * One POSIX tar (ustar) header: the format is a few fixed fields, written here because no package
 * of ours writes it. A size past 8 GiB is written as GNU tar and libarchive read it: base-256,
 * big-endian, the first byte's high bit set.
 */
function header(f: TarFile): Buffer {
  const h = Buffer.alloc(512);
  const put = (text: string, at: number, len: number) => h.write(text.slice(0, len), at, len, 'utf8');
  const octal = (n: number, at: number, len: number) => put(n.toString(8).padStart(len - 1, '0') + '\0', at, len);
  put(f.name, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  if (f.size <= OCTAL_SIZE_MAX) octal(f.size, 124, 12);
  else {
    h.writeBigUInt64BE(BigInt(f.size), 124 + 4);
    h[124] = 0x80;
  }
  octal(Math.floor(f.mtime.getTime() / 1000), 136, 12);
  h.fill(' ', 148, 156);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  const sum = h.reduce((s, b) => s + b, 0);
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return h;
}

async function* tarBlocks(files: Iterable<TarFile> | AsyncIterable<TarFile>): AsyncGenerator<Buffer> {
  for await (const f of files) {
    yield header(f);
    let sent = 0;
    for await (const chunk of f.body()) {
      sent += chunk.length;
      // A file that grew since its header was written would shift every block after it.
      if (sent > f.size) throw new Error(`${f.name} grew while it was archived`);
      yield chunk;
    }
    if (sent !== f.size) throw new Error(`${f.name} shrank while it was archived`);
    const pad = (512 - (f.size % 512)) % 512;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(1024);
}

/**
 * A gzipped tar as a stream: each file is read only when its turn comes and a chunk at a time, as the
 * reader takes them, so neither an archive nor a file of it is ever whole in memory (a backup
 * download and a cloud transfer send the same bytes). An error of the source ends the stream with
 * that error.
 */
export function tarGzStream(files: Iterable<TarFile> | AsyncIterable<TarFile>): Readable {
  return pipeline(Readable.from(tarBlocks(files)), createGzip(), () => undefined);
}
