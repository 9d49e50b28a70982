/**
 * Rounds whose settlement failed, and when to try each again. A failing round is retried with a
 * growing pause (1 s, 2 s, 4 s … up to a minute) instead of every tick, and never holds the others.
 */
export interface FailedRound {
  roundId: number;
  attempts: number;
  error: string;
  lastAt: Date;
  nextAt: Date;
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
    const error = err instanceof Error ? err.message : String(err);
    const entry = { roundId, attempts, error, lastAt: now, nextAt: new Date(now.getTime() + backoffMs(attempts)) };
    this.failed.set(roundId, entry);
    return entry;
  }

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
