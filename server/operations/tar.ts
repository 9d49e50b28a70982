import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

export interface TarFile {
  name: string;
  bytes: Buffer;
  mtime: Date;
}

/**
 * One POSIX tar (ustar) header: the format is a few fixed fields, written here because no package
 * of ours writes it.
 */
function header(f: TarFile): Buffer {
  const h = Buffer.alloc(512);
  const put = (text: string, at: number, len: number) => h.write(text.slice(0, len), at, len, 'utf8');
  const octal = (n: number, at: number, len: number) => put(n.toString(8).padStart(len - 1, '0') + '\0', at, len);
  put(f.name, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(f.bytes.length, 124, 12);
  octal(Math.floor(f.mtime.getTime() / 1000), 136, 12);
  h.fill(' ', 148, 156);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  const sum = h.reduce((s, b) => s + b, 0);
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return h;
}

async function* tarBlocks(files: AsyncIterable<TarFile>): AsyncGenerator<Buffer> {
  for await (const f of files) {
    yield header(f);
    yield f.bytes;
    const pad = (512 - (f.bytes.length % 512)) % 512;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(1024);
}

/**
 * A gzipped tar as a stream: each file is asked for only when its turn comes, so an archive is never
 * whole in memory (a backup download and a cloud transfer send the same bytes). An error of the
 * source ends the stream with that error.
 */
export function tarGzStream(files: AsyncIterable<TarFile>): Readable {
  return pipeline(Readable.from(tarBlocks(files)), createGzip(), () => undefined);
}
