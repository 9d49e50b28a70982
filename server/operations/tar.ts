import { gzipSync } from 'node:zlib';

/**
 * A gzipped POSIX tar (ustar) of small files held in memory: what a backup download is. Written
 * here because the format is a few fixed header fields and no package of ours writes it.
 */
export function tarGz(files: { name: string; bytes: Buffer; mtime: Date }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const f of files) {
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
    blocks.push(h, f.bytes, Buffer.alloc((512 - (f.bytes.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}
