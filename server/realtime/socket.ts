import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { resumeSession, SESSION_COOKIE } from '../auth/sessions';
import type { Database } from '../db/client';

/** What the server tells connected back offices: a wallet changed, so its views refetch. */
export interface Realtime {
  walletsChanged(accountIds: (number | string | null | undefined)[]): void;
  close(): Promise<void>;
}

const roomOf = (id: number | string) => `account:${id}`;

const cookieToken = (header: string | undefined): string | null => {
  const m = header?.match(new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`));
  return m ? decodeURIComponent(m[1]) : null;
};

/**
 * socket.io on the Fastify server (the fastify-socket.io plugin is Fastify 4 only). A socket is
 * admitted with a live session (handshake auth.token or the session cookie) and joins its
 * account's room; it never sends anything that a REST call would not show the same account.
 * With a Redis URL, events cross instances (several servers behind one load balancer).
 */
export function attachRealtime(server: HttpServer, db: Database, redisUrl?: string): Realtime {
  const io = new Server(server, { path: '/socket.io', serveClient: false, transports: ['websocket', 'polling'] });
  const redis = redisUrl ? [new Redis(redisUrl, { lazyConnect: false }), new Redis(redisUrl, { lazyConnect: false })] : [];
  if (redis.length === 2) io.adapter(createAdapter(redis[0], redis[1]));
  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : cookieToken(socket.handshake.headers.cookie);
    const caller = token ? await resumeSession(db, token).catch(() => null) : null;
    if (!caller) return next(new Error('unauthorized'));
    socket.data.accountId = caller.id;
    next();
  });
  io.on('connection', (socket) => {
    void socket.join(roomOf(socket.data.accountId as number));
  });
  return {
    walletsChanged(ids) {
      for (const id of new Set(ids.filter((x): x is number | string => x !== null && x !== undefined)))
        io.to(roomOf(id)).emit('wallet', { _id: String(id) });
    },
    async close() {
      await io.close();
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}
