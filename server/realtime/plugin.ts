import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { installationPrefix } from './installation';
import { attachRealtime, type Realtime, type RealtimeOptions } from './socket';

declare module 'fastify' {
  interface FastifyInstance {
    /** socket.io for the modules: their events, rooms and pushes. */
    realtime: Realtime;
  }
}

/**
 * socket.io on the app's HTTP server, as `app.realtime` for every module registered after it. Not
 * encapsulated (fastify-plugin), so the decoration and the close hook belong to the app itself.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: RealtimeOptions & { dataDir: string }) => {
    const redisPrefix = opts.redisUrl ? (opts.redisPrefix ?? (await installationPrefix(app.db, opts.dataDir))) : undefined;
    const realtime = attachRealtime(app.server, app.db, { ...opts, redisPrefix });
    app.decorate('realtime', realtime);
    // preClose, before Fastify closes the HTTP server: that close waits for every open connection.
    app.addHook('preClose', () => realtime.close());
  },
  { name: 'realtime', decorators: { fastify: ['db'] } },
);
