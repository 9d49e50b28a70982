import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSigningKey, signatureHolds, signManifest, SIGNING_KEY_FILE } from '../../server/operations/backupSigning';

describe('the backup signing key', () => {
  const root = mkdtempSync(join(tmpdir(), 'tierdesk-signing-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const manifest = { schemaVersion: 'v1', createdAt: '2026-01-01T00:00:00.000Z', tables: [{ name: 'accounts', file: 'accounts.json', rows: 2, sha256: 'ab'.repeat(32) }] };

  it('is generated once into the data directory, readable by its owner only, and the same for every later start', () => {
    const dataDir = join(root, 'data');
    const keys = Array.from({ length: 5 }, () => loadSigningKey({ envKey: undefined, dataDir, backupDir: join(root, 'backups') }));
    for (const k of keys) expect(k.equals(keys[0]!)).toBe(true);
    const file = join(dataDir, SIGNING_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is never written into BACKUP_DIR, and BACKUP_SIGNING_KEY must be long enough', () => {
    expect(() => loadSigningKey({ envKey: undefined, dataDir: join(root, 'same'), backupDir: join(root, 'same') })).toThrow(/BACKUP_SIGNING_KEY/);
    expect(() => loadSigningKey({ envKey: 'short', dataDir: root, backupDir: join(root, 'b') })).toThrow(/at least 32/);
    expect(loadSigningKey({ envKey: 'k'.repeat(32), dataDir: join(root, 'unused'), backupDir: join(root, 'b') }).toString()).toBe('k'.repeat(32));
  });

  it('signs every field a restore trusts', () => {
    const key = Buffer.from('k'.repeat(32));
    const sig = signManifest(key, manifest);
    expect(signatureHolds(key, manifest, sig)).toBe(true);
    expect(signatureHolds(Buffer.from('j'.repeat(32)), manifest, sig)).toBe(false);
    expect(signatureHolds(key, { ...manifest, tables: [{ ...manifest.tables[0]!, rows: 3 }] }, sig)).toBe(false);
    expect(signatureHolds(key, { ...manifest, tables: [{ ...manifest.tables[0]!, sha256: 'cd'.repeat(32) }] }, sig)).toBe(false);
    expect(signatureHolds(key, manifest, undefined)).toBe(false);
    expect(signatureHolds(key, manifest, 'zz')).toBe(false);
  });
});
