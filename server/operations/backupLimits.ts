import { existsSync } from 'node:fs';
import { rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/client';
import { col, queryOne, rowsOf } from '../db/rows';
import { coded } from '../http/errors';
import { listBackups } from './backup';

/** The PostgreSQL advisory lock every instance takes for a backup or a restore (any number no other lock uses). */
export const BACKUP_LOCK = 7261002;
const HOUR_MS = 3_600_000;

const megabytes = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

export interface BackupLimitOptions {
  db: Database;
  dir: string;
  /** Backups an admin may start per hour. */
  perHour: number;
  /** Folders kept after a successful backup. */
  keep: number;
  /** Free bytes where `dir` is; statfs by default (tests give their own). */
  freeBytes?: (dir: string) => Promise<number>;
  now?: () => number;
}

/**
 * What keeps backups from filling the disk: one backup or restore at a time per installation, a
 * rate per admin, room for one more backup the size of the last, and a retention.
 */
export class BackupLimits {
  private running = false;
  private readonly started = new Map<string, number[]>();
  constructor(private readonly opts: BackupLimitOptions) {}

  /**
   * Runs fn alone: 409 while another backup or restore runs. In this process by a flag; on
   * PostgreSQL also across instances, by a transaction-scoped advisory lock held on a connection of
   * its own for fn's length (it touches no table, so it blocks nothing else). PGlite has one
   * process per data directory, so the flag is the whole of it there.
   */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running) throw coded(409, 'backupBusy');
    this.running = true;
    try {
      if (this.opts.db.engine !== 'postgres') return await fn();
      return await this.opts.db.transaction(async (tx) => {
        // Idle for the whole backup by design: the pool's idle-transaction limit would end it, and
        // the lock with it, under a backup longer than that limit.
        await tx.query(`SET LOCAL idle_in_transaction_session_timeout = 0`);
        const r = await queryOne(tx, rowsOf({ ok: col.bool }), `SELECT pg_try_advisory_xact_lock($1) AS ok`, [BACKUP_LOCK]);
        if (!r.ok) throw coded(409, 'backupBusy');
        return fn();
      });
    } finally {
      this.running = false;
    }
  }

  /** Counts a backup started by `username`; 429 past the hourly rate (in this process). */
  take(username: string): void {
    const now = this.opts.now?.() ?? Date.now();
    const recent = (this.started.get(username) ?? []).filter((t) => now - t < HOUR_MS);
    if (recent.length >= this.opts.perHour) {
      const wait = Math.max(1, Math.ceil((recent[0]! + HOUR_MS - now) / 60_000));
      throw coded(429, 'backupRate', { perHour: this.opts.perHour, wait });
    }
    recent.push(now);
    this.started.set(username, recent);
  }

  /** 507 when the disk holding the backups has less free space than the last backup took. */
  async ensureRoom(): Promise<void> {
    const last = (await listBackups(this.opts.dir))[0];
    if (!last) return;
    const free = await (this.opts.freeBytes ?? diskFree)(this.opts.dir);
    if (free < last.size) {
      throw coded(507, 'backupNoRoom', { free: megabytes(free), last: megabytes(last.size) });
    }
  }

  /** After a successful backup: the oldest folders beyond the retention go, never `kept`. */
  async prune(kept: string): Promise<string[]> {
    const all = await listBackups(this.opts.dir);
    // Oldest last by time taken, then name (two backups of one second).
    all.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.folder.localeCompare(a.folder));
    const gone = all.slice(this.opts.keep).map((b) => b.folder).filter((f) => f !== kept);
    for (const f of gone) await rm(join(this.opts.dir, f), { recursive: true, force: true });
    return gone;
  }
}

async function diskFree(dir: string): Promise<number> {
  if (!existsSync(dir)) return Number.POSITIVE_INFINITY;
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}
