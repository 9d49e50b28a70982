import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data directory (embedded engine), unless databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Redis for socket.io events across several instances; one instance needs none. */
  redisUrl: string | undefined;
  /** REDIS_PREFIX: this installation's prefix of the Redis channels; undefined: derived from the database's identity. */
  redisPrefix: string | undefined;
  superadminUsername: string;
  superadminPassword: string | undefined;
  /** Username of the master that self-signed-up players join; sign-up is refused while unset. */
  signupParent: string | undefined;
  /** Failed logins (per username) before a temporary lockout, and its length. */
  lockoutThreshold: number;
  lockoutMinutes: number;
  /** A session ends this many hours after login, however active (beside the 30-minute idle expiry). */
  sessionMaxHours: number;
  /** Where backups are written (one folder each). */
  backupDir: string;
  /** Admins (usernames) allowed whole-database backup, download and restore; empty: the installation's only admin, while there is one. */
  backupAdmins: string[];
  /** The key that signs backup manifests (BACKUP_SIGNING_KEY); undefined: a key generated once into dataDir. */
  backupSigningKey: string | undefined;
  /** Backup folders kept: after a successful backup the oldest beyond this many are removed. */
  backupKeep: number;
  /** Backups (an export, or the one Clear History takes) an admin may start per hour. */
  backupRatePerHour: number;
  /** Where Cloud Transfer uploads backup archives; undefined: not configured (the transfer answers 409). */
  backupS3: BackupS3Config | undefined;
  /** Contact Us messages per IP per hour. */
  complaintRateLimit: number;
  /** Run the timers (round engine) in this process; tests turn them off and tick by hand. */
  schedulerEnabled: boolean;
  /** A round still unsettled this many seconds after its close is voided: every stake refunded. */
  roundVoidAfterSeconds: number;
  /** Login attempts per IP per minute. */
  loginRateLimit: number;
  /** Serve the built client from this folder when it exists. */
  clientDir: string;
  logLevel: string;
  /** Which proxies may set X-Forwarded-For: false (none), a hop count, or addresses/CIDRs. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
}

/** An S3 bucket (or an S3-compatible store's) that backup archives are uploaded to. */
export interface BackupS3Config {
  bucket: string;
  /** Key prefix without leading or trailing slash; '' for the bucket's root. */
  prefix: string;
  /** An S3-compatible store's address (path-style addressing); undefined: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Static keys; undefined: the AWS SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** A configuration the server refuses to start with; its message names the variable and never echoes a secret. */
export class ConfigError extends Error {}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** BACKUP_S3_* as a bucket to upload to, or undefined when BACKUP_S3_URL is unset; anything malformed throws ConfigError. */
export function backupS3Of(env: NodeJS.ProcessEnv): BackupS3Config | undefined {
  const raw = env.BACKUP_S3_URL?.trim();
  const keyId = env.BACKUP_S3_ACCESS_KEY_ID?.trim() || undefined;
  const secret = env.BACKUP_S3_SECRET_ACCESS_KEY || undefined;
  if (!raw) {
    const stray = ['BACKUP_S3_ENDPOINT', 'BACKUP_S3_REGION', 'BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY'].filter((k) => env[k]);
    if (stray.length) throw new ConfigError(`${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but BACKUP_S3_URL is not: set BACKUP_S3_URL=s3://bucket/prefix, or unset them.`);
    return undefined;
  }
  // Parsed by hand: the value is never echoed, since a mistaken one may hold keys (s3://KEY:SECRET@…).
  const m = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(raw);
  if (!m) throw new ConfigError('BACKUP_S3_URL must look like s3://bucket or s3://bucket/prefix.');
  const [, bucket, rest = ''] = m;
  if (bucket.includes('@') || bucket.includes(':')) throw new ConfigError('BACKUP_S3_URL must not hold keys or a port: put the keys in BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, the address in BACKUP_S3_ENDPOINT.');
  if (!BUCKET.test(bucket) || bucket.includes('..')) throw new ConfigError(`BACKUP_S3_URL: "${bucket}" is not a valid bucket name (3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit).`);
  const prefix = rest.replace(/^\/+|\/+$/g, '');
  if (prefix && (/[\u0000-\u001f\u007f\\?#]/.test(prefix) || prefix.split('/').some((s) => s === '' || s === '.' || s === '..') || prefix.length > 512))
    throw new ConfigError('BACKUP_S3_URL: the prefix must be plain path segments (no empty, "." or ".." segment, no control character, \\, ? or #).');
  let endpoint: string | undefined;
  if (env.BACKUP_S3_ENDPOINT?.trim()) {
    let url: URL;
    try {
      url = new URL(env.BACKUP_S3_ENDPOINT.trim());
    } catch {
      throw new ConfigError('BACKUP_S3_ENDPOINT must be an http:// or https:// address, such as http://127.0.0.1:9000.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('BACKUP_S3_ENDPOINT must be an http:// or https:// address, such as http://127.0.0.1:9000.');
    if (url.username || url.password) throw new ConfigError('BACKUP_S3_ENDPOINT must not hold keys: put them in BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY.');
    if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) throw new ConfigError('BACKUP_S3_ENDPOINT must be an address alone (scheme, host and port), without a path: the bucket goes in BACKUP_S3_URL.');
    endpoint = url.origin;
  }
  const region = env.BACKUP_S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{2,32}$/.test(region)) throw new ConfigError(`BACKUP_S3_REGION: "${region}" is not a region name (such as us-east-1).`);
  if (!!keyId !== !!secret) throw new ConfigError('Set both BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, or neither (then the AWS SDK\'s default credential chain is used).');
  return { bucket, prefix, endpoint, region, credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined };
}

function trustProxyOf(v: string | undefined): ServerConfig['trustProxy'] {
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** A whole number of at least 1 from the environment, or the default when unset; anything else throws ConfigError. */
function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigError(`${name} must be a whole number of at least 1 (it is "${raw}").`);
  return Number(raw);
}

/**
 * REDIS_PREFIX, trimmed. Letters, digits and . _ : - only: the adapter subscribes to the prefix as a
 * pattern, where * ? [ would match other installations' channels, and # separates its parts.
 */
function redisPrefixOf(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.REDIS_PREFIX?.trim();
  if (!raw) return undefined;
  if (!/^[A-Za-z0-9._:-]{1,100}$/.test(raw)) throw new ConfigError('REDIS_PREFIX must be 1 to 100 letters, digits, dots, underscores, colons or hyphens, such as tierdesk-shop1.');
  return raw;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: redisPrefixOf(env),
    superadminUsername: env.SUPERADMIN_USERNAME ?? 'superadmin',
    superadminPassword: env.SUPERADMIN_PASSWORD || undefined,
    signupParent: env.SIGNUP_PARENT || undefined,
    lockoutThreshold: Number(env.LOGIN_LOCKOUT_THRESHOLD ?? 5),
    lockoutMinutes: Number(env.LOGIN_LOCKOUT_MINUTES ?? 15),
    sessionMaxHours: Number(env.SESSION_MAX_HOURS ?? 12),
    schedulerEnabled: env.SCHEDULER !== 'off',
    roundVoidAfterSeconds: positiveInt(env, 'ROUND_VOID_AFTER_SECONDS', 300),
    complaintRateLimit: Number(env.COMPLAINT_RATE_LIMIT ?? 5),
    backupDir: resolve(env.BACKUP_DIR ?? './data/backups'),
    backupAdmins: (env.BACKUP_ADMINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    backupSigningKey: env.BACKUP_SIGNING_KEY || undefined,
    backupKeep: positiveInt(env, 'BACKUP_KEEP', 20),
    backupRatePerHour: positiveInt(env, 'BACKUP_RATE_PER_HOUR', 12),
    backupS3: backupS3Of(env),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 30),
    clientDir: resolve(env.CLIENT_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
  };
}
