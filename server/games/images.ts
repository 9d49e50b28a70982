import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOADED_IMAGE_NAME } from '../../domain/games';
import { coded } from '../http/errors';

/** Largest image a game may carry, per file. */
export const MAX_IMAGE_BYTES = 512 * 1024;

/** File signatures of the image types a game may show; the upload's own name and type are never trusted. */
const SIGNATURES: { ext: string; type: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'webp', type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** Stored names are generated here: 32 hex characters and a known extension, nothing else. */
export const STORED_NAME = UPLOADED_IMAGE_NAME;

export const imageDir = (dataDir: string) => join(dataDir, 'uploads', 'games');

export const contentTypeOf = (name: string) => SIGNATURES.find((s) => name.endsWith(`.${s.ext}`))?.type ?? 'application/octet-stream';

/** Checks an upload by its content: its file extension, or 400. */
export function imageKind(bytes: Buffer, field: string): string {
  if (bytes.length > MAX_IMAGE_BYTES) throw coded(400, 'imageTooLarge', { kb: MAX_IMAGE_BYTES / 1024 }, field);
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw coded(400, 'imagesOnly', {}, field);
  return kind.ext;
}

/** Stores a checked image under a generated name; answers that name. */
export async function storeImage(dataDir: string, bytes: Buffer, field: string): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${imageKind(bytes, field)}`;
  const dir = imageDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return name;
}
