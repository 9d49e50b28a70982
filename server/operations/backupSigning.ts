import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { ConfigError } from '../config';

/** The key file's name in the data directory, when BACKUP_SIGNING_KEY is not set. */
export const SIGNING_KEY_FILE = 'backup-signing.key';
const MIN_KEY_CHARS = 32;

const inside = (dir: string, path: string) => {
  const rel = relative(resolve(dir), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * The key that signs backup manifests. It must live outside BACKUP_DIR: whoever can write there
 * could otherwise re-sign a forged backup. BACKUP_SIGNING_KEY when set; else a random key written
 * once into the data directory (mode 0600). The file appears whole or not at all (written aside,
 * then hard-linked into place, which fails when another process got there first), so two servers
 * starting together end up with one key.
 */
export function loadSigningKey(opts: { envKey: string | undefined; dataDir: string; backupDir: string }): Buffer {
  if (opts.envKey !== undefined) {
    if (opts.envKey.length < MIN_KEY_CHARS) throw new ConfigError(`BACKUP_SIGNING_KEY must be at least ${MIN_KEY_CHARS} characters (for example: openssl rand -hex 32).`);
    return Buffer.from(opts.envKey, 'utf8');
  }
  const file = join(opts.dataDir, SIGNING_KEY_FILE);
  if (inside(opts.backupDir, file)) {
    throw new ConfigError(`The backup signing key would be written into BACKUP_DIR (${opts.backupDir}), where it could sign a forged backup: set BACKUP_SIGNING_KEY, or a DATA_DIR outside BACKUP_DIR.`);
  }
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const read = () => {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length < MIN_KEY_CHARS) throw new ConfigError(`${file} does not hold a backup signing key: remove it (backups it signed will no longer restore) or set BACKUP_SIGNING_KEY.`);
    return Buffer.from(text, 'utf8');
  };
  try {
    return read();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(aside, { force: true });
  }
  return read();
}

/** What a signature covers: every field of the manifest that a restore trusts, in a fixed order. */
export interface Signable {
  schemaVersion: string;
  createdAt: string;
  tables: { name: string; file: string; rows: number; sha256: string }[];
}

const signedText = (m: Signable) => JSON.stringify([m.schemaVersion, m.createdAt, m.tables.map((t) => [t.name, t.file, t.rows, t.sha256])]);

export const SIGNATURE_ALGORITHM = 'HMAC-SHA-256';

/** The manifest's HMAC-SHA-256, hex. */
export function signManifest(key: Buffer, m: Signable): string {
  return createHmac('sha256', key).update(signedText(m)).digest('hex');
}

/** Whether `signature` is this key's signature of the manifest (compared in constant time). */
export function signatureHolds(key: Buffer, m: Signable, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signManifest(key, m), 'hex'), Buffer.from(signature, 'hex'));
}
