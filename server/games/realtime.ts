import { z } from 'zod';
import { countdown, roundWindow } from '../../domain/games';
import type { Database } from '../db/client';
import { SharedRead } from '../db/sharedRead';
import { coded } from '../http/errors';
import type { Realtime } from '../realtime/socket';
import { loadRunnableAdmin } from './access';
import { consoleData, loadGame } from './console.service';
import { col, queryRows, rowsOf } from '../db/rows';

const gameTimeRow = rowsOf({ game_id: col.text, time_seconds: col.int });

export const consoleRoom = (adminId: number, gameId: string) => `console:${adminId}:${gameId}`;
const timerRoom = (gameId: string) => `timer:${gameId}`;

const consoleRequest = z.object({ adminId: z.union([z.string(), z.number()]).transform(String), gameId: z.string() });
const parse = (payload: unknown) => {
  const r = consoleRequest.safeParse(payload);
  if (!r.success) throw coded(400, 'consoleIdsRequired');
  return r.data;
};

/**
 * The consoles' realtime channel: `gameData` answers `responseData` with the
 * console's data and subscribes the socket to that console's room, where the server pushes
 * `responseData` again whenever the figures change (consolePush.ts); `timerData` answers a
 * `timer` event and subscribes it to the game's countdown, pushed every tick.
 */
export function registerConsoleEvents(realtime: Realtime, db: Database) {
  // The consoles of one room that ask together (a reconnection of many, a burst) share one read.
  const reads = new SharedRead<string, Awaited<ReturnType<typeof consoleData>>>();
  realtime.on(
    'gameData',
    async (ctx, payload) => {
      const q = parse(payload);
      const admin = await loadRunnableAdmin(db, ctx.caller, q.adminId);
      const data = await reads.load(consoleRoom(admin.id, q.gameId), () => consoleData(db, admin.id, q.gameId));
      ctx.join(consoleRoom(admin.id, q.gameId));
      ctx.reply('responseData', { success: true, adminId: String(admin.id), gameId: q.gameId, data });
    },
    'responseError',
  );
  realtime.on(
    'timerData',
    async (ctx, payload) => {
      const q = parse(payload);
      await loadRunnableAdmin(db, ctx.caller, q.adminId);
      const game = await loadGame(db, q.gameId);
      const now = new Date();
      ctx.join(timerRoom(q.gameId));
      ctx.reply('timer', { gameId: q.gameId, time: countdown(now, roundWindow(now, game.row.timeSeconds).closesAt) });
    },
    'responseError',
  );
}

/**
 * The games' countdowns, pushed every second from the clock (rounds follow the clock):
 * the round lengths are read from the database behind the pushes, never before one, so a busy
 * database (the embedded engine's one connection under a crowd of bets) delays no tick. A length
 * changed by Time Master is pushed from the next tick after its read.
 */
export class Countdown {
  private times: { gameId: string; timeSeconds: number }[] | null = null;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly realtime: Realtime,
    private readonly db: Database,
  ) {}

  /** Reads the round lengths again; a read already under way is shared. */
  refresh(): Promise<void> {
    this.reading ??= queryRows(this.db, gameTimeRow, `SELECT game_id, time_seconds FROM games WHERE deleted_at IS NULL`)
      .then((rows) => {
        // Every catalogue game has a console (declared or made in Game Master), so every one ticks.
        this.times = rows.map((g) => ({ gameId: g.game_id, timeSeconds: g.time_seconds }));
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** One tick: every game's countdown out now, then the lengths read again for the next tick. */
  async tick(now: Date): Promise<void> {
    if (!this.times) await this.refresh();
    for (const g of this.times ?? []) this.realtime.emitHere(timerRoom(g.gameId), 'timer', { gameId: g.gameId, time: countdown(now, roundWindow(now, g.timeSeconds).closesAt) });
    // Not awaited: the job ends with the pushes, so the next second's tick never waits for this read.
    this.refresh().catch(() => undefined);
  }
}
