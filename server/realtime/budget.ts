/**
 * How many events one socket may send. A console sends a few a second at most (gameData on a
 * (re)connection or a switch of admin or game, timerData once), so a burst of 20 and 10 a second
 * leave it room while one flooding socket can no longer queue thousands of reads ahead of every bet.
 */
export interface EventLimits {
  /** Events a quiet socket may send at once. */
  burst: number;
  /** Events a second the budget refills with. */
  perSecond: number;
  /** A socket still sending over budget this long after its first drop is disconnected. */
  floodMs: number;
  /** ... and so is one whose drops in one episode reach this many, however fast they came. */
  floodDrops: number;
}

export const EVENT_LIMITS: EventLimits = { burst: 20, perSecond: 10, floodMs: 5000, floodDrops: 100 };

/**
 * What to do with one event: run it; drop it and tell the socket (the first drop of a flood
 * episode); drop it quietly (the episode's later drops); or end the socket (it keeps flooding).
 */
export type Verdict = 'run' | 'warn' | 'drop' | 'disconnect';

/**
 * A token bucket per socket. A flood episode starts at the first drop and ends only when the
 * bucket is full again (the socket stayed within budget long enough to refill it), so a socket
 * hovering just over the rate, whose events now and then fit, is told once and then disconnected.
 */
export class EventBudget {
  private tokens: number;
  private at: number;
  private flood: { since: number; drops: number } | null = null;

  constructor(
    private readonly limits: EventLimits = EVENT_LIMITS,
    now = performance.now(),
  ) {
    this.tokens = limits.burst;
    this.at = now;
  }

  take(now = performance.now()): Verdict {
    const { burst, perSecond, floodMs, floodDrops } = this.limits;
    this.tokens = Math.min(burst, this.tokens + ((now - this.at) * perSecond) / 1000);
    this.at = now;
    if (this.flood && this.tokens >= burst) this.flood = null;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'run';
    }
    if (!this.flood) {
      this.flood = { since: now, drops: 1 };
      return 'warn';
    }
    this.flood.drops++;
    return now - this.flood.since >= floodMs || this.flood.drops >= floodDrops ? 'disconnect' : 'drop';
  }
}
