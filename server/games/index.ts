import type { FastifyInstance } from 'fastify';
import { liveRoutes } from './live.routes';
import { percentageRoutes } from './percentage.routes';
import { catalogueRoutes } from './catalogue.routes';
import { historyRoutes } from './history.routes';
import { playerRoutes } from './player.routes';
import { consoleRoom, Countdown, registerConsoleEvents } from './realtime';
import { engineTick } from './settle';
import { ConsolePusher } from './consolePush';
import { consoleData } from './console.service';
import { SettleRetries, type FailedRound } from './retries';
import { engineRoutes } from './engine.routes';
import { voidOverdue } from './voidRound';

export interface GamesModuleOptions {
  /** Where uploaded game images are kept (under the data directory). */
  dataDir: string;
  /** A round still unsettled this long after its close is voided (ROUND_VOID_AFTER_SECONDS). */
  voidAfterSeconds: number;
}

/** The game side of the API: player calls, live consoles, win percentages. */
export async function gamesModule(app: FastifyInstance, opts: GamesModuleOptions) {
  const { db, realtime } = app;
  const retries = new SettleRetries();
  const onError = (f: FailedRound, err: unknown) =>
    app.log.error({ err, roundId: f.roundId, attempts: f.attempts, code: f.code, nextAttemptAt: f.nextAt }, 'round settlement failed; retrying later');
  const onVoidError = (roundId: number, err: unknown) => app.log.error({ err, roundId }, 'round void failed; retrying at the next tick');
  const pusher = new ConsolePusher(realtime, consoleRoom, (adminId, gameId) => consoleData(db, adminId, gameId), (err) =>
    app.log.warn({ err }, 'console push failed'),
  );
  app.addHook('onClose', async () => pusher.close());
  const consoleChanged = (adminId: number, gameId: string) => pusher.changed(adminId, gameId);
  // Every second on every instance: settle the rounds whose time is over (each claimed by one
  // instance), open the current ones (ON CONFLICT, whoever comes first), tell the consoles. On the
  // clock, as rounds close on whole seconds: a round is claimed as it closes, not up to a second later.
  app.scheduler.register({
    name: 'rounds',
    everyMs: 1000,
    onTheClock: true,
    scope: 'instance',
    run: async (now) => {
      const { settled } = await engineTick(db, now, { retries, onError });
      const voided = await voidOverdue(db, now, { afterSeconds: opts.voidAfterSeconds, retries, onError: onVoidError });
      for (const v of voided) app.log.warn({ roundId: v.roundId, adminId: v.adminId, gameId: v.gameId, tickets: v.tickets, refundedCents: v.refundedCents.toString() }, 'round voided: not settled in time, every stake refunded');
      realtime.walletsChanged([...settled.flatMap((s) => s.winners), ...voided.flatMap((v) => v.players)]);
      for (const s of [...settled, ...voided]) consoleChanged(s.adminId, s.gameId);
    },
  });
  // The countdown is a job of its own: a round tick that waits for the database must not hold it.
  // Each instance sends its own sockets theirs, so none waits for another to send it.
  const countdown = new Countdown(realtime, db);
  app.scheduler.register({ name: 'countdown', everyMs: 1000, onTheClock: true, scope: 'instance', run: (now) => countdown.tick(now) });
  registerConsoleEvents(realtime, db);
  await app.register(playerRoutes, { onBet: consoleChanged });
  await app.register(liveRoutes, { onConsole: consoleChanged });
  await app.register(percentageRoutes);
  await app.register(engineRoutes, { retries });
  await app.register(historyRoutes);
  await app.register(catalogueRoutes, { dataDir: opts.dataDir });
}
