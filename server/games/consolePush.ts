import type { Realtime } from '../realtime/socket';

/** At most one computation of a console's figures per room per window, whatever the bets or sockets. */
export const PUSH_WINDOW_MS = 100;

/**
 * A room with changes to send: the timer of its next computation (or of the end of its window),
 * whether a change came since the last computation started, whether one is running, and when the
 * last one started.
 */
interface Pending {
  adminId: number;
  gameId: string;
  timer: NodeJS.Timeout | null;
  dirty: boolean;
  running: boolean;
  startedAt: number;
}

export type ConsoleCompute = (adminId: number, gameId: string) => Promise<unknown>;

/**
 * Pushes `responseData` to a console's room when its figures change (the console asks once, then
 * receives). Changes are coalesced per room: the first change of a quiet room is computed
 * at once; every change after it waits for the end of that computation's window (or for the
 * computation, when it takes longer) and joins the one computation that follows, sent once to every
 * socket of the room (on every instance, through the realtime adapter). So a room gets at most one
 * computation per window, a bet waits at most a window plus a computation, and the last figures
 * always go out.
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
      entry.dirty = true;
      return;
    }
    const fresh: Pending = { adminId, gameId, timer: null, dirty: true, running: false, startedAt: 0 };
    this.pending.set(key, fresh);
    // A timer, not a call: the changes of the same turn of the event loop (one batch's bets) join it.
    this.arm(key, fresh, 0);
  }

  /** At the end of the window: the changes since go out together, or a quiet room is forgotten. */
  private arm(key: string, entry: Pending, delay: number) {
    entry.timer = setTimeout(() => {
      entry.timer = null;
      if (entry.dirty && !this.closed) void this.flush(key, entry);
      else this.pending.delete(key);
    }, delay);
    entry.timer.unref();
  }

  private async flush(key: string, entry: Pending) {
    entry.dirty = false;
    entry.running = true;
    entry.startedAt = Date.now();
    try {
      const data = await this.compute(entry.adminId, entry.gameId);
      if (!this.closed) this.realtime.emitTo(key, 'responseData', { success: true, adminId: String(entry.adminId), gameId: entry.gameId, data });
    } catch (err) {
      this.onError(err);
    } finally {
      entry.running = false;
    }
    if (this.closed) return;
    this.arm(key, entry, Math.max(0, entry.startedAt + this.windowMs - Date.now()));
  }

  close(): void {
    this.closed = true;
    for (const e of this.pending.values()) if (e.timer) clearTimeout(e.timer);
    this.pending.clear();
  }
}
