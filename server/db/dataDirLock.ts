import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
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

/**
 * An exclusive claim on the embedded database's directory for this process: PGlite has no lock of
 * its own, and two servers on one directory corrupt it. The claim is a file created with O_EXCL
 * holding the owner's pid; a claim whose process is gone is taken over. Returns its release.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'tierdesk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
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
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirBusyError(
          `Another Tierdesk server (pid ${pid}) is using the data directory ${dir}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      // The previous owner died without releasing: the claim is stale.
      unlinkSync(file);
    }
  }
  throw new DataDirBusyError(`Could not claim the data directory ${dir}.`);
}
