import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/client';
import { col, queryRow, rowsOf } from '../db/rows';
import { coded } from '../http/errors';
import { hashSecret, verifySecret } from './passwords';

export interface GuardConfig {
  lockoutThreshold: number;
  lockoutMinutes: number;
}

/** Logins, auth/checkpassword and the password of credit operations share one counter per username. */
export const guardKey = (username: string) => username.trim().toLowerCase();

// A hash to verify against when the username is unknown, so both failures take as long.
let decoy: Promise<string> | null = null;
const decoyHash = () => (decoy ??= hashSecret('decoy-password-never-valid'));

const lockRow = rowsOf({ minutes: col.nullable(col.int) });

const lockedOut = (minutes: number) => coded(429, 'lockedOut', { minutes: Math.max(1, minutes) });

/**
 * Counts the attempt before the password is checked, in one statement: once `threshold` attempts
 * are counted (finished or still running), further ones are refused without a check until the
 * lockout of the failures ends. An expired lockout starts a new count.
 */
async function reserve(q: Queryable, key: string, cfg: GuardConfig): Promise<void> {
  const rows = await q.query(
    `INSERT INTO login_guards AS g (key, attempts) VALUES ($1, 1)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN g.locked_until <= now() THEN 1 ELSE g.attempts + 1 END,
       locked_until = CASE WHEN g.locked_until <= now() THEN NULL ELSE g.locked_until END
     WHERE g.locked_until <= now() OR (g.locked_until IS NULL AND g.attempts < $2)
     RETURNING attempts`,
    [key, cfg.lockoutThreshold],
  );
  if (rows.length) return;
  const g = await queryRow(q, lockRow, `SELECT ceil(extract(epoch FROM locked_until - now()) / 60)::int AS minutes FROM login_guards WHERE key = $1`, [key]);
  throw lockedOut(g?.minutes ?? cfg.lockoutMinutes);
}

async function settle(q: Queryable, key: string, ok: boolean, cfg: GuardConfig): Promise<void> {
  if (ok) {
    await q.query(`UPDATE login_guards SET attempts = 0, locked_until = NULL WHERE key = $1`, [key]);
    return;
  }
  await q.query(
    `UPDATE login_guards SET locked_until = now() + make_interval(mins => $3)
      WHERE key = $1 AND attempts >= $2 AND (locked_until IS NULL OR locked_until <= now())`,
    [key, cfg.lockoutThreshold, cfg.lockoutMinutes],
  );
}

/**
 * Checks a password under the lockout of `username`: 429 while locked (the password is then not
 * checked at all), otherwise whether it matched. `hash` null is an unknown username: checked
 * against a decoy so the answer and its time are those of a wrong password.
 */
export async function checkGuarded(q: Queryable, username: string, hash: string | null, password: string, cfg: GuardConfig): Promise<boolean> {
  const key = guardKey(username);
  await reserve(q, key, cfg);
  const ok = hash === null ? (await verifySecret(await decoyHash(), password), false) : await verifySecret(hash, password);
  await settle(q, key, ok, cfg);
  return ok;
}

/**
 * Passwords a session has already proved, kept as keyed digests in this process only: a repeated
 * credit operation with the same password skips the slow hash and the counter, so an operator's
 * parallel transfers are not mistaken for guessing. The digest covers the stored hash, so a
 * password change invalidates it.
 */
const PROVEN_MAX = 10_000;
const provenKey = randomBytes(32);
const proven = new Map<number, Buffer>();
const digestOf = (sessionId: number, hash: string, password: string) =>
  createHmac('sha256', provenKey).update(`${sessionId}\0${hash}\0${password}`).digest();

const isProven = (sessionId: number, digest: Buffer) => {
  const known = proven.get(sessionId);
  return known !== undefined && timingSafeEqual(known, digest);
};

// A session's unproven checks run one at a time: a burst of parallel operations waits for the first
// check instead of filling the counter, and then passes on its digest.
const pending = new Map<number, Promise<unknown>>();
function oneAtATime<T>(sessionId: number, fn: () => Promise<T>): Promise<T> {
  const run = (pending.get(sessionId) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  pending.set(sessionId, tail);
  void tail.then(() => {
    if (pending.get(sessionId) === tail) pending.delete(sessionId);
  });
  return run;
}

/** Whether this session already proved this password (no database, no counter): the credit fast path. */
export const isSessionPasswordProven = (caller: { sessionId: number; passwordHash: string }, password: string): boolean =>
  isProven(caller.sessionId, digestOf(caller.sessionId, caller.passwordHash, password));

export async function checkSessionPassword(
  q: Queryable,
  caller: { sessionId: number; username: string; passwordHash: string },
  password: string,
  cfg: GuardConfig,
): Promise<boolean> {
  const digest = digestOf(caller.sessionId, caller.passwordHash, password);
  if (isProven(caller.sessionId, digest)) return true;
  return oneAtATime(caller.sessionId, async () => {
    if (isProven(caller.sessionId, digest)) return true;
    const ok = await checkGuarded(q, caller.username, caller.passwordHash, password, cfg);
    if (ok) {
      if (proven.size >= PROVEN_MAX) proven.delete(proven.keys().next().value as number);
      proven.set(caller.sessionId, digest);
    }
    return ok;
  });
}
