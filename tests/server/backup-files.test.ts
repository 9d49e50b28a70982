import { cpSync, linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { call, engineAvailable, SUPERADMIN_PASSWORD, startHarness, type Harness } from './harness';

const SIGNING_KEY = 'files-test-signing-key-not-in-backup-dir-0123';

/** The entries of a gzipped tar: name and bytes. */
function untar(gz: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(gz);
  const files = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = tar.subarray(at, at + 100).toString('utf8').replace(/\0.*$/s, '');
    if (!name) break;
    const size = parseInt(tar.subarray(at + 124, at + 136).toString('utf8').replace(/\0.*$/s, ''), 8);
    files.set(name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** A file in a backup folder that is a link, or not in the signed manifest, is never listed, served or restored. */
describe.runIf(engineAvailable())('backup files: only what the signed manifest lists, as regular files', () => {
  let h: Harness;
  const work = mkdtempSync(join(tmpdir(), 'tierdesk-files-'));
  const dir = join(work, 'backups');
  /** What a symlink would carry out: stands for the signing key file or any other file the server may read. */
  const secret = join(work, 'secret.key');
  let folder: string;
  let manifest: { tables: { file: string }[] };

  beforeAll(async () => {
    writeFileSync(secret, 'the-installation-signing-key-never-to-leave\n');
    h = await startHarness({ backupDir: dir, backupSigningKey: SIGNING_KEY });
    const r = await call(h, 'GET', '/api/backup/exportbackup', { token: h.root.token });
    expect(r.status).toBe(200);
    folder = String(r.json.folder);
    manifest = JSON.parse(readFileSync(join(dir, folder, 'manifest.json'), 'utf8'));
  });
  afterAll(async () => {
    await h?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const list = async () => (await call(h, 'GET', '/api/backup/list-backups', { token: h.root.token })).json.folders as { folder: string; size: number }[];
  const download = (f: string) => h.app.inject({ method: 'GET', url: `/api/backup/downloadbackup?folder=${f}`, headers: { authorization: `Bearer ${h.root.token}` } });
  const copy = (suffix: string) => {
    const f = folder.replace(/-[0-9a-f]{6}$/, `-${suffix}`);
    cpSync(join(dir, folder), join(dir, f), { recursive: true });
    return f;
  };

  it('leaves a symlink and an unlisted file out of the listing, the size and the download', async () => {
    const sizeBefore = (await list()).find((b) => b.folder === folder)!.size;
    symlinkSync(secret, join(dir, folder, 'zz_key.json'));
    symlinkSync(secret, join(dir, folder, 'notes.txt'));
    writeFileSync(join(dir, folder, 'extra.json'), 'x'.repeat(10_000));
    expect((await list()).find((b) => b.folder === folder)!.size).toBe(sizeBefore);
    const res = await download(folder);
    expect(res.statusCode).toBe(200);
    const names = [...untar(res.rawPayload).keys()].sort();
    expect(names).toEqual([...manifest.tables.map((t) => `${folder}/${t.file}`), `${folder}/manifest.json`].sort());
    expect(res.rawPayload.includes(Buffer.from('never-to-leave'))).toBe(false);
    expect(gunzipSync(res.rawPayload).includes(Buffer.from('never-to-leave'))).toBe(false);
  });

  it('refuses to serve or restore a listed file that is a symlink or a hard link (409, nothing sent, nothing restored)', async () => {
    const sym = copy('c0ffe1');
    rmSync(join(dir, sym, 'accounts.json'));
    symlinkSync(secret, join(dir, sym, 'accounts.json'));
    const hard = copy('c0ffe2');
    rmSync(join(dir, hard, 'games.json'));
    linkSync(secret, join(dir, hard, 'games.json'));
    await call(h, 'POST', '/api/auth/checkpassword', { token: h.root.token, body: { password: SUPERADMIN_PASSWORD } });
    for (const [f, file] of [[sym, 'accounts.json'], [hard, 'games.json']] as const) {
      const res = await download(f);
      expect([res.statusCode, res.json().code, res.json().params]).toEqual([409, 'backupNotRegular', { file }]);
      expect(res.rawPayload.includes(Buffer.from('never-to-leave'))).toBe(false);
      const r = await call(h, 'GET', `/api/backup/importbackup?folder=${f}`, { token: h.root.token });
      expect([r.status, r.json.code], f).toEqual([409, 'backupNotRegular']);
    }
    // The session lives on (nothing was restored) and the ledger adds up.
    expect((await call(h, 'GET', '/api/auth/session', { token: h.root.token })).status).toBe(200);
    expect(await checkInvariant(h.db)).toMatchObject({ ok: true });
  });

  it('lists no folder that is a link, nor one whose manifest is a link or too large to be one; serves no unsigned backup', async () => {
    const linked = folder.replace(/-[0-9a-f]{6}$/, '-d00d01');
    symlinkSync(join(dir, folder), join(dir, linked));
    const manifestLink = copy('d00d02');
    rmSync(join(dir, manifestLink, 'manifest.json'));
    symlinkSync(join(dir, folder, 'manifest.json'), join(dir, manifestLink, 'manifest.json'));
    // A 400 MB manifest (sparse: no disk) is not read at all: the listing stays quick.
    const huge = copy('d00d03');
    truncateSync(join(dir, huge, 'manifest.json'), 400 * 1024 * 1024);
    const unsigned = copy('d00d04');
    const m = JSON.parse(readFileSync(join(dir, unsigned, 'manifest.json'), 'utf8'));
    delete m.signature;
    writeFileSync(join(dir, unsigned, 'manifest.json'), JSON.stringify(m));
    const t0 = performance.now();
    const names = (await list()).map((b) => b.folder);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(names).not.toContain(linked);
    expect(names).not.toContain(manifestLink);
    expect(names).not.toContain(huge);
    for (const f of [linked, manifestLink, huge]) expect((await download(f)).statusCode, f).toBe(400);
    // Listed (a restore says why it refuses it), never sent.
    expect(names).toContain(unsigned);
    const res = await download(unsigned);
    expect([res.statusCode, res.json().code]).toEqual([409, 'backupUnsignedNotSent']);
  });

  it('sizes a backup by its manifest and the files it lists, and nothing else in the folder', async () => {
    const b = (await list()).find((x) => x.folder === folder)!;
    const expected = [...manifest.tables.map((t) => t.file), 'manifest.json'].reduce((s, f) => s + readFileSync(join(dir, folder, f)).length, 0);
    expect(b.size).toBe(expected);
  });
});
