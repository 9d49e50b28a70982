import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { liveRoutes } from './live.routes';
import { percentageRoutes } from './percentage.routes';
import { historyRoutes } from './history.routes';
import { playerRoutes } from './player.routes';
import { engineTick } from './settle';

export interface GamesModuleOptions {
  db: Database;
  /** Tells the back offices of these accounts that a wallet changed. */
  onWallets?: (ids: number[]) => void;
}

/** The game side of the API: player calls, live consoles, win percentages. */
export async function gamesModule(app: FastifyInstance, opts: GamesModuleOptions) {
  // Every second: settle the rounds whose time is over, open the current ones.
  app.scheduler.register({ name: 'rounds', everyMs: 1000, run: (now) => engineTick(opts.db, now) });
  await app.register(playerRoutes, opts);
  await app.register(liveRoutes, opts);
  await app.register(percentageRoutes, { db: opts.db });
  await app.register(historyRoutes, { db: opts.db });
}
