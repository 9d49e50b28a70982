/**
 * A ZIP archive written part by part, each part's bytes given as they are made (an .xlsx is one).
 * Parts are deflated by the platform's own compressor (CompressionStream, native code) while they
 * are written, so that a 30 MB sheet costs a fraction of a second at the end rather than the
 * seconds a compressor in JavaScript takes; where there is none they are stored as they are.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (the ZIP checksum) carried over from `crc` (0 to start; the result of the previous bytes to go on). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

const canDeflate = (): boolean => {
  try {
    return typeof CompressionStream !== 'undefined' && !!new CompressionStream('deflate-raw');
  } catch {
    return false;
  }
};

/** One part being written: its checksum and size so far, and its (compressed) bytes. */
class Part {
  crc = 0;
  size = 0;
  readonly chunks: Uint8Array[] = [];
  private readonly writer: WritableStreamDefaultWriter<BufferSource> | null;
  private readonly drained: Promise<void>;

  constructor(
    readonly name: string,
    readonly deflated: boolean,
  ) {
    if (!deflated) {
      this.writer = null;
      this.drained = Promise.resolve();
      return;
    }
    const cs = new CompressionStream('deflate-raw');
    this.writer = cs.writable.getWriter();
    const reader = cs.readable.getReader();
    this.drained = (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) this.chunks.push(r.value);
    })();
  }

  async write(bytes: Uint8Array<ArrayBuffer>): Promise<void> {
    if (bytes.length === 0) return;
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    if (this.writer) await this.writer.write(bytes);
    else this.chunks.push(bytes);
  }

  async close(): Promise<void> {
    if (this.writer) await this.writer.close();
    await this.drained;
  }

  get stored(): number {
    return this.chunks.reduce((n, c) => n + c.length, 0);
  }
}

const encoder = new TextEncoder();

/** Little-endian fields of a ZIP header. */
function header(fields: [number, 2 | 4][], name: Uint8Array): Uint8Array {
  const size = fields.reduce((n, [, w]) => n + w, 0);
  const out = new Uint8Array(size + name.length);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [v, w] of fields) {
    if (w === 2) view.setUint16(at, v, true);
    else view.setUint32(at, v >>> 0, true);
    at += w;
  }
  out.set(name, at);
  return out;
}

/** The MS-DOS time and date ZIP stamps a part with (local time, two-second steps). */
function dosStamp(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: (Math.max(0, d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipWriter {
  private readonly parts: Part[] = [];
  private readonly deflate = canDeflate();

  /** Starts a part; its bytes follow through `write`, in order. Parts are archived in the order they are started. */
  part(name: string): { write(bytes: Uint8Array<ArrayBuffer> | string): Promise<void> } {
    const p = new Part(name, this.deflate);
    this.parts.push(p);
    return { write: (bytes) => p.write(typeof bytes === 'string' ? encoder.encode(bytes) : bytes) };
  }

  /** A whole part at once. */
  async add(name: string, bytes: Uint8Array<ArrayBuffer> | string): Promise<void> {
    await this.part(name).write(bytes);
  }

  /** The archive: each part's header and bytes, then the central directory. */
  async bytes(now = new Date()): Promise<Uint8Array<ArrayBuffer>> {
    await Promise.all(this.parts.map((p) => p.close()));
    const { time, date } = dosStamp(now);
    const pieces: Uint8Array[] = [];
    const central: Uint8Array[] = [];
    let offset = 0;
    for (const p of this.parts) {
      const name = encoder.encode(p.name);
      const method = p.deflated ? 8 : 0;
      const stored = p.stored;
      const local = header(
        [[0x04034b50, 4], [20, 2], [0, 2], [method, 2], [time, 2], [date, 2], [p.crc, 4], [stored, 4], [p.size, 4], [name.length, 2], [0, 2]],
        name,
      );
      central.push(
        header(
          [[0x02014b50, 4], [20, 2], [20, 2], [0, 2], [method, 2], [time, 2], [date, 2], [p.crc, 4], [stored, 4], [p.size, 4], [name.length, 2], [0, 2], [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]],
          name,
        ),
      );
      pieces.push(local, ...p.chunks);
      offset += local.length + stored;
    }
    const centralSize = central.reduce((n, c) => n + c.length, 0);
    const end = header([[0x06054b50, 4], [0, 2], [0, 2], [this.parts.length, 2], [this.parts.length, 2], [centralSize, 4], [offset, 4], [0, 2]], new Uint8Array());
    const all = [...pieces, ...central, end];
    const out = new Uint8Array(all.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of all) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}
