import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupS3Config } from '../config';
import type { MessageCode, MessageParams } from '../../domain/messages';
import { coded } from '../http/errors';
import { openArchive, type BackupPlace } from './backup';

export interface TransferResult {
  /** Where the archive went: s3://bucket/key. */
  location: string;
  bytes: number;
  /** SHA-256 of the archive as sent (the same bytes Local Download sends). */
  sha256: string;
}

/** `prefix/{folder}.tar.gz` in the configured bucket. */
export function objectKey(s3: BackupS3Config, folder: string): string {
  return `${s3.prefix ? `${s3.prefix}/` : ''}${folder}.tar.gz`;
}

/** The AWS SDK, loaded on the first transfer: it adds a fifth of a second and some 20 MB to a start that may never use it. */
const sdk = () => Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);

function s3Client(S3: typeof S3Client, s3: BackupS3Config): S3Client {
  return new S3({
    region: s3.region,
    // No keys configured: the SDK's default chain (environment, shared profile, container or instance role).
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    ...(s3.endpoint
      ? {
          endpoint: s3.endpoint,
          // S3-compatible stores are addressed by path (http://host:port/bucket/key), and most of them
          // do not take the SDK's newer default CRC checksums: send and check them only where S3 requires.
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    maxAttempts: 3,
  });
}

/**
 * The store's refusal in words an operator can act on (HTTP 502). Only the error's name, code and
 * status are read: SDK errors carry the signed request (string to sign, key id), never shown or logged.
 */
function refusal(s3: BackupS3Config, e: unknown, fromService: boolean): { code: MessageCode; params: MessageParams; detail: Record<string, unknown> } {
  const err = e as { name?: string; code?: string; Code?: string; $metadata?: { httpStatusCode?: number; requestId?: string } };
  const name = String(err.Code ?? err.name ?? 'Error');
  const status = err.$metadata?.httpStatusCode;
  const detail = { name, code: err.code, status, requestId: err.$metadata?.requestId, bucket: s3.bucket, endpoint: s3.endpoint };
  const where = `s3://${s3.bucket}${s3.prefix ? `/${s3.prefix}` : ''}`;
  const store = s3.endpoint ? `the S3 store at ${s3.endpoint}` : 'S3';
  const of = (code: MessageCode, params: MessageParams = {}) => ({ code, params: { store, ...params }, detail });
  if (name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch' || name === 'InvalidToken' || name === 'ExpiredToken') return of('s3KeysRefused');
  if (name === 'CredentialsProviderError') return of('s3NoKeys');
  if (name === 'NoSuchBucket') return of('s3NoBucket', { bucket: s3.bucket });
  if (name === 'AccessDenied' || status === 403) return of('s3Denied', { where });
  if (name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed' || status === 301) return of('s3WrongRegion', { bucket: s3.bucket, region: s3.region });
  if (fromService || status) return of('s3Refused', { reason: `${name}${status ? `, HTTP ${status}` : ''}` });
  if (/^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)$/.test(String(err.code)) || name === 'TimeoutError')
    return of('s3Unreachable', { reason: err.code ?? name });
  return of('s3Failed', { reason: name });
}

/**
 * Streams a backup folder's archive (the Local Download bytes) to `s3://bucket/prefix/{folder}.tar.gz`
 * as a multipart upload: parts of 8 MiB, two at a time, so the archive is never whole in memory. The
 * object's metadata holds the schema version, the row count and the SHA-256 of manifest.json (which
 * holds each file's SHA-256). A refusal of the store is a 502 with a message naming what to check; a
 * failed multipart upload is aborted, so no partial object is left.
 */
export async function transferBackup(s3: BackupS3Config, place: BackupPlace, folder: string, log: FastifyBaseLogger): Promise<TransferResult> {
  const key = objectKey(s3, folder);
  const hash = createHash('sha256');
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const [{ S3Client: Client, S3ServiceException }, { Upload }] = await sdk();
  // Opened (and its signature proved) before the store is asked anything.
  const { manifest, manifestText, stream: archive } = await openArchive(place, folder);
  const client = s3Client(Client, s3);
  archive.on('error', (e) => counted.destroy(e));
  try {
    const upload = new Upload({
      client,
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      params: {
        Bucket: s3.bucket,
        Key: key,
        Body: archive.pipe(counted),
        ContentType: 'application/gzip',
        ContentDisposition: `attachment; filename="${folder}.tar.gz"`,
        Metadata: {
          'backup-folder': folder,
          'schema-version': manifest.schemaVersion,
          'created-at': manifest.createdAt,
          rows: String(manifest.tables.reduce((s, t) => s + t.rows, 0)),
          'manifest-sha256': createHash('sha256').update(manifestText).digest('hex'),
        },
      },
    });
    await upload.done();
  } catch (e) {
    // A local read error is ours (a 500 with its stack); anything else came from the store or the way to it.
    if (archive.errored && e === archive.errored) throw e;
    const { code, params, detail } = refusal(s3, e, e instanceof S3ServiceException);
    log.warn({ transfer: { folder, key, ...detail } }, 'backup transfer refused');
    throw coded(502, code, params);
  } finally {
    if (!archive.destroyed) archive.destroy();
    client.destroy();
  }
  const location = `s3://${s3.bucket}/${key}`;
  log.info({ transfer: { folder, location, bytes } }, 'backup transferred');
  return { location, bytes, sha256: hash.digest('hex') };
}
