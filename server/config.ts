import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data directory (embedded engine), unless databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Redis for socket.io events across several instances; one instance needs none. */
  redisUrl: string | undefined;
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
  /** Admins (usernames) allowed to back up and restore; empty: every admin. */
  backupAdmins: string[];
  /** Contact Us messages per IP per hour. */
  complaintRateLimit: number;
  /** Run the timers (round engine) in this process; tests turn them off and tick by hand. */
  schedulerEnabled: boolean;
  /** Login attempts per IP per minute. */
  loginRateLimit: number;
  /** Serve the built client from this folder when it exists. */
  clientDir: string;
  logLevel: string;
  /** Which proxies may set X-Forwarded-For: false (none), a hop count, or addresses/CIDRs. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
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

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    superadminUsername: env.SUPERADMIN_USERNAME ?? 'superadmin',
    superadminPassword: env.SUPERADMIN_PASSWORD || undefined,
    signupParent: env.SIGNUP_PARENT || undefined,
    lockoutThreshold: Number(env.LOGIN_LOCKOUT_THRESHOLD ?? 5),
    lockoutMinutes: Number(env.LOGIN_LOCKOUT_MINUTES ?? 15),
    sessionMaxHours: Number(env.SESSION_MAX_HOURS ?? 12),
    schedulerEnabled: env.SCHEDULER !== 'off',
    complaintRateLimit: Number(env.COMPLAINT_RATE_LIMIT ?? 5),
    backupDir: resolve(env.BACKUP_DIR ?? './data/backups'),
    backupAdmins: (env.BACKUP_ADMINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 30),
    clientDir: resolve(env.CLIENT_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
  };
}
