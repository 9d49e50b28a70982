/**
 * Rounds whose settlement failed, and when to try each again. A failing round is retried with a
 * growing pause (1 s, 2 s, 4 s … up to a minute) instead of every tick, and never holds the others.
 */
export interface FailedRound {
  roundId: number;
  attempts: number;
  /** What failed, as a code for screens (see failureCode); the log keeps the error itself. */
  code: string;
  lastAt: Date;
  nextAt: Date;
}

/**
 * An error as a code a screen may show: the database's SQLSTATE or Node's code (`P0001`,
 * `ERR_OUT_OF_RANGE`), else the error's class (`RangeError`). Never its message: that is text of
 * the code that failed (`The value of "max" is out of range…`), in English, for the log.
 */
export function failureCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(code)) return code;
  if (err instanceof Error && /^[A-Za-z0-9_]{1,40}$/.test(err.name)) return err.name;
  return 'UNKNOWN';
}

export const MAX_BACKOFF_MS = 60_000;
export const backoffMs = (attempts: number): number => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1));

export class SettleRetries {
  private readonly failed = new Map<number, FailedRound>();

  /** Whether the round may be tried at `now` (never failed, or its pause is over). */
  due(roundId: number, now: Date): boolean {
    const f = this.failed.get(roundId);
    return !f || f.nextAt.getTime() <= now.getTime();
  }

  fail(roundId: number, err: unknown, now: Date): FailedRound {
    const attempts = (this.failed.get(roundId)?.attempts ?? 0) + 1;
    const entry = { roundId, attempts, code: failureCode(err), lastAt: now, nextAt: new Date(now.getTime() + backoffMs(attempts)) };
    this.failed.set(roundId, entry);
    return entry;
  }

  /** The round's failures so far, if it failed on this instance. */
  find(roundId: number): FailedRound | undefined {
    return this.failed.get(roundId);
  }

  /** Forgets the round: it settled, or it was voided (server/games/voidRound.ts). */
  succeed(roundId: number): void {
    this.failed.delete(roundId);
  }

  /** Drops rounds that no longer need settling (settled elsewhere, or history cleared). */
  keepOnly(openIds: ReadonlySet<number>): void {
    for (const id of this.failed.keys()) if (!openIds.has(id)) this.failed.delete(id);
  }

  list(): FailedRound[] {
    return [...this.failed.values()].sort((a, b) => a.roundId - b.roundId);
  }
}
