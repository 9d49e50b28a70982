import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import S3rver from '@20minutes/s3rver';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupS3Of, ConfigError, type BackupS3Config } from '../../server/config';
import { HttpError } from '../../server/http/errors';
import { transferBackup } from '../../server/operations/s3Transfer';
import { signManifest } from '../../server/operations/backupSigning';
import { call, createAs, createChain, engineAvailable, grantBackups, loginAs, startHarness, type Harness } from './harness';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** The entries of a ustar archive: name → bytes. */
function untar(tar: Buffer): Map<string, Buffer> {
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

describe('BACKUP_S3_* configuration', () => {
  it('reads a bucket and prefix, an optional endpoint, the region and the keys', () => {
    expect(backupS3Of({})).toBeUndefined();
    expect(backupS3Of({ BACKUP_S3_URL: 's3://my-bucket/nightly/tierdesk/' })).toEqual({
      bucket: 'my-bucket',
      prefix: 'nightly/tierdesk',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
    expect(
      backupS3Of({
        BACKUP_S3_URL: 's3://b.example',
        BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        BACKUP_S3_REGION: 'eu-west-3',
        BACKUP_S3_ACCESS_KEY_ID: 'id',
        BACKUP_S3_SECRET_ACCESS_KEY: 'sec',
      }),
    ).toEqual({ bucket: 'b.example', prefix: '', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', credentials: { accessKeyId: 'id', secretAccessKey: 'sec' } });
  });

  it('refuses a malformed value at start with a message naming the variable, never echoing keys', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ BACKUP_S3_URL: 'https://bucket/x' }, /BACKUP_S3_URL must look like s3:\/\/bucket/],
      [{ BACKUP_S3_URL: 's3://' }, /BACKUP_S3_URL must look like/],
      [{ BACKUP_S3_URL: 's3://AKIAKEY:TOPSECRETVALUE@bucket/x' }, /must not hold keys/],
      [{ BACKUP_S3_URL: 's3://Bad_Bucket' }, /not a valid bucket name/],
      [{ BACKUP_S3_URL: 's3://bucket/a/../b' }, /prefix must be plain path segments/],
      [{ BACKUP_S3_URL: 's3://bucket/a//b' }, /prefix must be plain path segments/],
      [{ BACKUP_S3_URL: 's3://bucket', BACKUP_S3_ENDPOINT: 'localhost:9000' }, /BACKUP_S3_ENDPOINT must be an http/],
      [{ BACKUP_S3_URL: 's3://bucket', BACKUP_S3_ENDPOINT: 'http://u:TOPSECRETVALUE@host' }, /BACKUP_S3_ENDPOINT must not hold keys/],
      [{ BACKUP_S3_URL: 's3://bucket', BACKUP_S3_ENDPOINT: 'http://host/bucket' }, /without a path/],
      [{ BACKUP_S3_URL: 's3://bucket', BACKUP_S3_REGION: 'Mars 1' }, /BACKUP_S3_REGION/],
      [{ BACKUP_S3_URL: 's3://bucket', BACKUP_S3_SECRET_ACCESS_KEY: 'TOPSECRETVALUE' }, /Set both BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY/],
      [{ BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000' }, /BACKUP_S3_ENDPOINT is set but BACKUP_S3_URL is not/],
    ];
    for (const [env, message] of bad) {
      let thrown: unknown;
      try {
        backupS3Of(env);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((thrown as Error).message).toMatch(message);
      expect((thrown as Error).message).not.toContain('TOPSECRETVALUE');
    }
  });
});

describe.runIf(engineAvailable())('backup transfer to an S3-compatible bucket', () => {
  const BUCKET = 'tierdesk-backups';
  const PREFIX = 'nightly/tierdesk';
  const WRONG_SECRET = `wrong-secret-${randomBytes(8).toString('hex')}`;
  const work = mkdtempSync(join(tmpdir(), 'tierdesk-s3-'));
  const dir = join(work, 'backups');
  let s3rver: S3rver;
  let s3: BackupS3Config;
  let client: S3Client;
  /** Every line the servers under test logged, at every level. */
  const serverLog: string[] = [];
  const logger = { level: 'trace', stream: { write: (line: string) => void serverLog.push(line) } };
  let h: Harness;
  let wrong: Harness;
  let off: Harness;
  const admins = new Map<Harness, string>();
  /** Every request the S3 server received: method and URL. */
  const requests: string[] = [];

  async function withAdmin(x: Harness): Promise<Harness> {
    const games = (await x.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const a = await createAs(x, x.root.token, 'admin', x.root.id, { games });
    await grantBackups(x, a._id);
    admins.set(x, await loginAs(x, a.username));
    return x;
  }
  const as = (x: Harness) => ({ token: admins.get(x)! });
  const readObject = async (key: string) => {
    const o = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return { bytes: Buffer.from(await o.Body!.transformToByteArray()), metadata: o.Metadata ?? {}, etag: String(o.ETag), type: o.ContentType };
  };
  const download = async (folder: string) =>
    (await h.app.inject({ method: 'GET', url: `/api/backup/downloadbackup?folder=${folder}`, headers: { authorization: `Bearer ${admins.get(h)}` } })).rawPayload;

  beforeAll(async () => {
    // A real S3-protocol server on loopback, on a free port, keeping its objects in a temporary
    // folder. The bucket is made by the server's own CreateBucket path at start (configureBuckets):
    // this SDK's CreateBucket sends `/bucket/`, whose trailing slash s3rver leaves out of its signature check.
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: join(work, 's3'), silent: true, configureBuckets: [{ name: BUCKET }] });
    s3rver.middleware.unshift(async (ctx, next) => {
      requests.push(`${ctx.method} ${ctx.url}`);
      await next();
    });
    const { port } = await s3rver.run();
    // s3rver's one account: key id and secret both S3RVER.
    s3 = backupS3Of({
      BACKUP_S3_URL: `s3://${BUCKET}/${PREFIX}`,
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
      BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
    })!;
    client = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: s3.credentials });
    // Three servers over one backup folder: configured, configured with a wrong secret, not configured.
    h = await withAdmin(await startHarness({ backupDir: dir, backupS3: s3 }, { logger }));
    wrong = await withAdmin(await startHarness({ backupDir: dir, backupS3: { ...s3, credentials: { accessKeyId: 'S3RVER', secretAccessKey: WRONG_SECRET } } }, { logger }));
    off = await withAdmin(await startHarness({ backupDir: dir, backupS3: undefined }, { logger }));
  });
  afterAll(async () => {
    client?.destroy();
    await h?.close();
    await wrong?.close();
    await off?.close();
    await s3rver?.close();
    rmSync(work, { recursive: true, force: true });
  });

  let folder: string;

  it('uploads the archive Local Download sends, with the manifest’s checksum in its metadata', async () => {
    const made = await call(h, 'GET', '/api/backup/exportbackup', as(h));
    expect(made.status).toBe(200);
    folder = String(made.json.folder);

    const r = await call(h, 'GET', `/api/backup/transferbackup?folder=${folder}`, as(h));
    const key = `${PREFIX}/${folder}.tar.gz`;
    expect([r.status, r.json.success, r.json.message, r.json.location]).toEqual([200, true, `Transferred ${folder}`, `s3://${BUCKET}/${key}`]);

    // Read back with the SDK: byte for byte the download, and the answer's size and checksum.
    const object = await readObject(key);
    const downloaded = await download(folder);
    expect(object.bytes.equals(downloaded)).toBe(true);
    expect([object.bytes.length, sha(object.bytes)]).toEqual([r.json.bytes, r.json.sha256]);
    expect(object.type).toBe('application/gzip');

    // Its entries are the manifest's files (and the manifest), each matching its checksum.
    const entries = untar(gunzipSync(object.bytes));
    const manifestBytes = entries.get(`${folder}/manifest.json`)!;
    const manifest = JSON.parse(manifestBytes.toString()) as { schemaVersion: string; tables: { file: string; sha256: string; rows: number }[] };
    expect([...entries.keys()].sort()).toEqual([...manifest.tables.map((t) => `${folder}/${t.file}`), `${folder}/manifest.json`].sort());
    for (const t of manifest.tables) expect(sha(entries.get(`${folder}/${t.file}`)!), t.file).toBe(t.sha256);
    expect(manifestBytes.equals(readFileSync(join(dir, folder, 'manifest.json')))).toBe(true);
    expect(object.metadata).toMatchObject({
      'backup-folder': folder,
      'manifest-sha256': sha(manifestBytes),
      'schema-version': manifest.schemaVersion,
      rows: String(manifest.tables.reduce((s, t) => s + t.rows, 0)),
    });

    // The activity row is written by the HTTP hook on the response's end, after inject has its answer: waited for.
    const subject = async () => (await h.db.query(`SELECT subject FROM activity_logs WHERE request_url LIKE '%transferbackup%' ORDER BY id DESC LIMIT 1`))[0]?.subject;
    await expect.poll(subject, { timeout: 5_000 }).toBe(`Transfer ${folder}`);
  });

  it('sends an archive larger than a part as a multipart upload', async () => {
    // A copy of the backup with 17 MiB of incompressible bytes listed in its signed manifest (only listed files are sent): three 8 MiB parts.
    const big = folder.replace(/-[0-9a-f]{6}$/, '-b16b16');
    cpSync(join(dir, folder), join(dir, big), { recursive: true });
    const padding = randomBytes(17 * 1024 * 1024);
    writeFileSync(join(dir, big, 'zz_padding.json'), padding);
    const m = JSON.parse(readFileSync(join(dir, big, 'manifest.json'), 'utf8'));
    m.tables.push({ name: 'zz_padding', file: 'zz_padding.json', rows: 0, sha256: sha(padding) });
    m.signature = signManifest(Buffer.from(h.config.backupSigningKey!), m);
    writeFileSync(join(dir, big, 'manifest.json'), JSON.stringify(m));
    const seen = requests.length;
    const r = await call(h, 'GET', `/api/backup/transferbackup?folder=${big}`, as(h));
    expect([r.status, r.json.message]).toEqual([200, `Transferred ${big}`]);
    // One CreateMultipartUpload, three UploadPart, one CompleteMultipartUpload, all on the object's key.
    const key = `/${BUCKET}/${PREFIX}/${big}.tar.gz`;
    const sent = requests.slice(seen).map((q) => {
      const [method, url] = q.split(' ');
      const u = new URL(url, 'http://s3');
      expect(u.pathname).toBe(key);
      if (u.searchParams.has('uploads')) return `${method} create`;
      if (u.searchParams.has('partNumber') && u.searchParams.has('uploadId')) return `${method} part ${u.searchParams.get('partNumber')}`;
      if (u.searchParams.has('uploadId')) return `${method} complete`;
      return q;
    });
    expect(sent.sort()).toEqual(['POST complete', 'POST create', 'PUT part 1', 'PUT part 2', 'PUT part 3']);
    const object = await readObject(`${PREFIX}/${big}.tar.gz`);
    expect(object.bytes.equals(await download(big))).toBe(true);
    expect(sha(object.bytes)).toBe(r.json.sha256);
    rmSync(join(dir, big), { recursive: true, force: true });
  });

  it('answers 409 when no bucket is configured', async () => {
    const r = await call(off, 'GET', `/api/backup/transferbackup?folder=${folder}`, as(off));
    expect([r.status, r.json.success]).toEqual([409, false]);
    expect(String(r.json.message)).toContain('BACKUP_S3_URL');
    expect(r.json.code).toBe('cloudTransferOff');
  });

  it('answers 502 with what to check when the store refuses the keys, and never shows or logs the secret', async () => {
    const other = String((await call(wrong, 'GET', '/api/backup/exportbackup', as(wrong))).json.folder);
    const linesBefore = serverLog.length;
    const r = await call(wrong, 'GET', `/api/backup/transferbackup?folder=${other}`, as(wrong));
    expect([r.status, r.json.success]).toEqual([502, false]);
    expect(String(r.json.message)).toMatch(/refused the keys \(check BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY\)\. Nothing was transferred\.$/);
    expect(r.json).toMatchObject({ code: 's3KeysRefused', params: { store: `the S3 store at ${s3.endpoint}` } });
    // Nothing was left in the bucket for that backup.
    await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${other}.tar.gz` }))).rejects.toMatchObject({ name: 'NotFound' });
    // The refusal is logged (a warning with the store's error name), the secret nowhere.
    const lines = serverLog.slice(linesBefore);
    expect(lines.some((l) => l.includes('backup transfer refused') && l.includes('SignatureDoesNotMatch'))).toBe(true);
    expect(JSON.stringify(r.json)).not.toContain(WRONG_SECRET);
    expect(serverLog.filter((l) => l.includes(WRONG_SECRET))).toEqual([]);
    const rows = await wrong.db.query(`SELECT to_jsonb(l)::text AS row FROM activity_logs l`);
    expect(rows.filter((x) => String(x.row).includes(WRONG_SECRET))).toEqual([]);
    expect(serverLog.filter((l) => /"level":50/.test(l))).toEqual([]); // no 500 anywhere
  });

  it('answers 502 for a missing bucket and an unreachable store', async () => {
    const silent = { warn: () => undefined, info: () => undefined } as unknown as Parameters<typeof transferBackup>[3];
    const refused = async (cfg: BackupS3Config) => {
      try {
        await transferBackup(cfg, { dir, key: Buffer.from(h.config.backupSigningKey!) }, folder, silent);
      } catch (e) {
        return e;
      }
      throw new Error('the transfer went through');
    };
    const missing = await refused({ ...s3, bucket: 'no-such-bucket' });
    expect(missing).toBeInstanceOf(HttpError);
    expect([(missing as HttpError).statusCode, (missing as HttpError).message]).toEqual([502, `Transfer failed: the S3 store at ${s3.endpoint} has no bucket named "no-such-bucket". Nothing was transferred.`]);
    expect([(missing as HttpError).code, (missing as HttpError).params]).toEqual(['s3NoBucket', { store: `the S3 store at ${s3.endpoint}`, bucket: 'no-such-bucket' }]);
    // A closed port on loopback: nothing listens there.
    const closed = await refused({ ...s3, endpoint: 'http://127.0.0.1:1' });
    expect([(closed as HttpError).statusCode, (closed as HttpError).message]).toEqual([502, 'Transfer failed: the S3 store at http://127.0.0.1:1 could not be reached (ECONNREFUSED). Nothing was transferred.']);
  });

  it('does not blame the store for a backup file it cannot use, and asks the store nothing', async () => {
    const broken = join(work, 'broken');
    cpSync(join(dir, folder), join(broken, folder), { recursive: true });
    rmSync(join(broken, folder, 'accounts.json'));
    mkdirSync(join(broken, folder, 'accounts.json')); // not a regular file: refused before the first byte
    const silent = { warn: () => undefined, info: () => undefined } as unknown as Parameters<typeof transferBackup>[3];
    const asked = requests.length;
    await expect(transferBackup(s3, { dir: broken, key: Buffer.from(h.config.backupSigningKey!) }, folder, silent)).rejects.toMatchObject({ statusCode: 409, code: 'backupNotRegular', params: { file: 'accounts.json' } });
    expect(requests.length).toBe(asked);
  });

  it('refuses folder names that are not listed backups (400) and other roles (403)', async () => {
    for (const name of ['backup-20990101-000000-abcdef', '../backups', `${folder}/../${folder}`, `${folder}\0`, ''])
      expect((await call(h, 'GET', `/api/backup/transferbackup?folder=${encodeURIComponent(name)}`, as(h))).status, JSON.stringify(name)).toBe(400);
    expect((await call(h, 'GET', `/api/backup/transferbackup`, as(h))).status).toBe(400);
    const { master } = await createChain(h);
    expect((await call(h, 'GET', `/api/backup/transferbackup?folder=${folder}`, { token: await loginAs(h, master.username) })).status).toBe(403);
  });
});
