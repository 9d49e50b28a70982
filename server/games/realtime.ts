import { z } from 'zod';
import { countdown, roundWindow } from '../../domain/games';
import { GAME_DECLARATIONS } from '../../resources.config';
import type { Database } from '../db/client';
import { badRequest } from '../http/errors';
import type { Realtime } from '../realtime/socket';
import { loadRunnableAdmin } from './access';
import { consoleData, loadGame } from './console.service';

export const consoleRoom = (adminId: number, gameId: string) => `console:${adminId}:${gameId}`;
const timerRoom = (gameId: string) => `timer:${gameId}`;

const consoleRequest = z.object({ adminId: z.union([z.string(), z.number()]).transform(String), gameId: z.string() });
const parse = (payload: unknown) => {
  const r = consoleRequest.safeParse(payload);
  if (!r.success) throw badRequest('adminId and gameId are required.');
  return r.data;
};

/**
 * The consoles' realtime channel (spec section 4): `gameData` answers `responseData` with the
 * console's data and subscribes the socket to that console's room, where the server pushes
 * `responseData` again whenever the figures change (consolePush.ts); `timerData` answers a
 * `timer` event and subscribes it to the game's countdown, pushed every tick.
 */
export function registerConsoleEvents(realtime: Realtime, db: Database) {
  realtime.on(
    'gameData',
    async (ctx, payload) => {
      const q = parse(payload);
      const admin = await loadRunnableAdmin(db, ctx.caller, q.adminId);
      const data = await consoleData(db, admin.id, q.gameId);
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

/** After a tick: every console of a settled round gets its new figures, and every game's countdown goes out. */
export async function pushTick(
  realtime: Realtime,
  db: Database,
  settled: { adminId: number; gameId: string }[],
  now: Date,
  consoleChanged: (adminId: number, gameId: string) => void,
) {
  for (const s of settled) consoleChanged(s.adminId, s.gameId);
  const times = await db.query(`SELECT game_id, time_seconds FROM games WHERE deleted_at IS NULL`);
  for (const g of times) {
    const gameId = String(g.game_id);
    if (!GAME_DECLARATIONS.some((d) => d.gameId === gameId)) continue;
    realtime.emitTo(timerRoom(gameId), 'timer', { gameId, time: countdown(now, roundWindow(now, Number(g.time_seconds)).closesAt) });
  }
}
