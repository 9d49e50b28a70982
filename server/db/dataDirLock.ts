import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirBusyError extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const code = (e: unknown) => (e as NodeJS.ErrnoException).code;

/** The claim's pid, 0 when it holds no pid, null when there is no claim. */
function claimPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (e) {
    if (code(e) === 'ENOENT') return null;
    throw e;
  }
}

/**
 * Creates the claim holding this pid, or answers false when one exists. The pid is written to a file
 * of this process first and linked into place: a link is atomic and fails on an existing name, so no
 * one ever reads a claim half written (an empty claim would look stale and be taken over).
 */
function createClaim(file: string): boolean {
  const own = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(own, String(process.pid), { flag: 'wx' });
  try {
    linkSync(own, file);
    return true;
  } catch (e) {
    if (code(e) === 'EEXIST') return false;
    if (code(e) !== 'EPERM' && code(e) !== 'ENOTSUP' && code(e) !== 'ENOSYS') throw e;
    // A file system without hard links: an exclusive create, then the pid (a reader may briefly see it empty).
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch (e2) {
      if (code(e2) === 'EEXIST') return false;
      throw e2;
    }
  } finally {
    unlinkSync(own);
  }
}

/** A takeover lasts microseconds: a guard older than this was left by a process that died inside one. */
const GUARD_STALE_MS = 10_000;

/**
 * Removes the claim of `stalePid` if it is still that dead process's, under an exclusive guard, so that
 * of the processes that found it stale only one removes it, and none removes the claim another has
 * made since (check-then-delete would). Answers false when another process holds the guard.
 */
function removeStaleClaim(file: string, stalePid: number): boolean {
  const guard = `${file}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (e) {
    if (code(e) !== 'EEXIST') throw e;
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) unlinkSync(guard);
    } catch (e2) {
      if (code(e2) !== 'ENOENT') throw e2;
    }
    return false;
  }
  try {
    const now = claimPid(file);
    if (now !== null && now === stalePid && !(now > 0 && now !== process.pid && alive(now))) unlinkSync(file);
  } finally {
    unlinkSync(guard);
  }
  return true;
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * An exclusive claim on the embedded database's directory for this process: PGlite has no lock of
 * its own, and two servers on one directory corrupt it. The claim is a file holding the owner's pid,
 * only ever created atomically; a claim whose process is gone is taken over (removed under a guard,
 * then claimed like a free directory), so of any number of servers starting together exactly one
 * owns it. Returns its release.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'tierdesk.lock');
  const until = Date.now() + 5000;
  for (;;) {
    if (createClaim(file)) {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    }
    const pid = claimPid(file);
    if (pid === null) continue; // released or taken over meanwhile: try again
    // Our own pid is a claim of an earlier life of this pid (a container's server is often pid 1).
    if (pid > 0 && pid !== process.pid && alive(pid)) {
      throw new DataDirBusyError(
        `Another Tierdesk server (pid ${pid}) is using the data directory ${dir}. Stop it first, or set DATA_DIR to another directory.`,
      );
    }
    // The previous owner died without releasing: the claim is stale.
    if (!removeStaleClaim(file, pid)) {
      if (Date.now() > until) break;
      sleepSync(5 + Math.random() * 20);
    }
  }
  throw new DataDirBusyError(`Could not claim the data directory ${dir}: another process keeps taking it over (${file}.takeover).`);
}
