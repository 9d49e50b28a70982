import type { Realtime } from '../realtime/socket';

/** At most one computation of a console's figures per room per window, whatever the bets or sockets. */
export const PUSH_WINDOW_MS = 100;

/** A room with a computation coming: its timer, or the computation running and whether to go again. */
interface Pending {
  adminId: number;
  gameId: string;
  timer: NodeJS.Timeout | null;
  again: boolean;
  running: boolean;
}

export type ConsoleCompute = (adminId: number, gameId: string) => Promise<unknown>;

/**
 * Pushes `responseData` to a console's room when its figures change (spec section 4: the console asks
 * once, then receives). Changes are coalesced per room: the first change of a quiet room starts a
 * window; every change inside it joins that one computation, sent once to every socket of the room
 * (on every instance, through the realtime adapter). A change while a computation runs starts the
 * next window after it, so the last figures always go out.
 */
export class ConsolePusher {
  private readonly pending = new Map<string, Pending>();
  private closed = false;

  constructor(
    private readonly realtime: Realtime,
    private readonly room: (adminId: number, gameId: string) => string,
    private readonly compute: ConsoleCompute,
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly windowMs = PUSH_WINDOW_MS,
  ) {}

  changed(adminId: number, gameId: string): void {
    if (this.closed) return;
    const key = this.room(adminId, gameId);
    const entry = this.pending.get(key);
    if (entry) {
      if (entry.running) entry.again = true;
      return;
    }
    const fresh: Pending = { adminId, gameId, timer: null, again: false, running: false };
    this.pending.set(key, fresh);
    this.arm(key, fresh);
  }

  private arm(key: string, entry: Pending) {
    entry.timer = setTimeout(() => void this.flush(key, entry), this.windowMs);
    entry.timer.unref();
  }

  private async flush(key: string, entry: Pending) {
    entry.timer = null;
    entry.running = true;
    try {
      const data = await this.compute(entry.adminId, entry.gameId);
      if (!this.closed) this.realtime.emitTo(key, 'responseData', { success: true, adminId: String(entry.adminId), gameId: entry.gameId, data });
    } catch (err) {
      this.onError(err);
    } finally {
      entry.running = false;
    }
    if (entry.again && !this.closed) {
      entry.again = false;
      this.arm(key, entry);
    } else {
      this.pending.delete(key);
    }
  }

  close(): void {
    this.closed = true;
    for (const e of this.pending.values()) if (e.timer) clearTimeout(e.timer);
    this.pending.clear();
  }
}
