import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Caller } from '../access/caller';
import { DEFAULT_SESSION_MAX_HOURS, liveTokens, resumeSessions, SESSION_COOKIE } from '../auth/sessions';
import { Coalescer } from '../db/coalesce';
import type { Database } from '../db/client';
import { msg } from '../../domain/messages';
import { HttpError } from '../http/errors';
import { EVENT_LIMITS, EventBudget, type EventLimits } from './budget';

/** What a module's event handler gets: who asked, a reply to that socket, and rooms to join. */
export interface RealtimeContext {
  caller: Caller;
  reply(event: string, data: unknown): void;
  join(room: string): void;
}

export type RealtimeHandler = (ctx: RealtimeContext, payload: unknown) => Promise<void>;

/**
 * socket.io for the modules: each registers the events it answers and the rooms it sends to.
 * Rooms are joined only by a module's handler, after its own access check, so a socket hears only
 * what the same account could read through the REST API.
 */
export interface Realtime {
  /** Answers `event` from a connected back office; a thrown error is sent back as `errorEvent`. */
  on(event: string, handler: RealtimeHandler, errorEvent?: string): void;
  emitTo(room: string, event: string, data: unknown): void;
  /** To this instance's sockets of the room only: for what every instance sends its own (the countdown). */
  emitHere(room: string, event: string, data: unknown): void;
  /** The accounts' own rooms: their wallets changed, so their open views refetch. */
  walletsChanged(accountIds: (number | string | null | undefined)[]): void;
  /**
   * Disconnects every socket whose session is no longer live (logged out, revoked, expired, ended by a
   * restore), here and, with Redis, on the other instances; answers how many were disconnected here.
   */
  sweepSessions(): Promise<number>;
  /** This instance's open sockets, and the events and sockets its budget refused since it started. */
  stats(): RealtimeStats;
  close(): Promise<void>;
}

export interface RealtimeStats {
  sockets: number;
  droppedEvents: number;
  floodDisconnects: number;
}

export interface RealtimeOptions {
  redisUrl?: string | undefined;
  /** The installation's prefix of every Redis channel (the adapter's key): installations sharing a Redis stay apart. */
  redisPrefix?: string | undefined;
  sessionMaxHours?: number | undefined;
  /** How often open sockets are checked against their sessions (expiry has no event of its own). */
  sweepMs?: number;
  /** Each socket's event budget (budget.ts). */
  eventLimits?: EventLimits;
}

/**
/**
 * How long a socket's session, once checked, answers its events without being read again. Ended
 * sessions do not wait for it: whatever ends one (logout, revocation, deactivation, restore) sweeps
 * their sockets at once, and expiry is swept every `sweepMs`.
 */
export const SESSION_RECHECK_MS = 1000;

/**
 * Server-to-server event (Redis adapter): another instance ended sessions, sweep your sockets too.
 * It travels on the adapter's request channel, under the installation's prefix like every other.
 */
const SWEEP_EVENT = 'tierdesk:sweepSessions';

const accountRoom = (id: number | string) => `account:${id}`;

const cookieToken = (header: string | undefined): string | null => {
  const m = header?.match(new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`));
  return m ? decodeURIComponent(m[1]) : null;
};

/** How long a cut-off flooder has to read why before its connection is dropped. */
export const CUT_OFF_GRACE_MS = 10_000;

/**
 * Disconnects a flooding socket and reads nothing more of it: a websocket's close handshake would
 * first parse, frame by frame, the whole rest of the flood (of 20,000 events, about as costly as
 * dropping the ones it did read). Its writes go on, so the error and the disconnect still reach
 * the client; the connection is dropped after a grace (ws would wait 30 s for the client's close
 * frame behind its unread events). engine.io does not expose its websocket, hence the cast.
 */
function cutOff(socket: Socket) {
  const ws = (socket.conn.transport as unknown as { socket?: { pause?: () => void; terminate?: () => void } }).socket;
  ws?.pause?.();
  socket.disconnect(true);
  setTimeout(() => ws?.terminate?.(), CUT_OFF_GRACE_MS).unref();
}

/**
 * socket.io on the Fastify server (the fastify-socket.io plugin is Fastify 4 only). A socket is
 * admitted with a live session (handshake auth.token or the session cookie) and joins its
 * account's room. With a Redis URL, events cross instances (several servers behind one load balancer).
 */
export function attachRealtime(server: HttpServer, db: Database, opts: RealtimeOptions = {}): Realtime {
  const { redisUrl, redisPrefix = 'tierdesk', sessionMaxHours = DEFAULT_SESSION_MAX_HOURS, sweepMs = 30_000, eventLimits = EVENT_LIMITS } = opts;
  const io = new Server(server, { path: '/socket.io', serveClient: false, transports: ['websocket', 'polling'] });
  const redis = redisUrl ? [new Redis(redisUrl, { lazyConnect: false }), new Redis(redisUrl, { lazyConnect: false })] : [];
  if (redis.length === 2) io.adapter(createAdapter(redis[0], redis[1], { key: redisPrefix }));
  const handlers = new Map<string, { handler: RealtimeHandler; errorEvent: string }>();
  // The sockets' re-checks that come together go in one statement.
  const sessions = new Coalescer<string, Caller | null>((tokens) => resumeSessions(db, tokens, sessionMaxHours), null);
  const counts = { droppedEvents: 0, floodDisconnects: 0 };
  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : cookieToken(socket.handshake.headers.cookie);
    const caller = token ? await sessions.load(token).catch(() => null) : null;
    if (!caller) return next(new Error('unauthorized'));
    socket.data.accountId = caller.id;
    socket.data.token = token;
    socket.data.caller = caller;
    next();
  });
  io.on('connection', (socket: Socket) => {
    void socket.join(accountRoom(socket.data.accountId as number));
    const token = String(socket.data.token);
    // Before the session check and any other work: an event over budget costs its parsing only.
    const budget = new EventBudget(eventLimits);
    socket.use((_event, next) => {
      const verdict = budget.take();
      if (verdict === 'run') return next();
      counts.droppedEvents++;
      if (verdict === 'warn') socket.emit('error', msg('tooManyEvents'));
      if (verdict === 'disconnect' && socket.connected) {
        counts.floodDisconnects++;
        cutOff(socket);
      }
    });
    let caller = socket.data.caller as Caller | null;
    let checkedAt = Date.now();
    let checking: Promise<Caller | null> | null = null;
    // The session is checked again at most every SESSION_RECHECK_MS, once for all the events meanwhile.
    const currentCaller = (): Promise<Caller | null> => {
      if (Date.now() - checkedAt < SESSION_RECHECK_MS) return Promise.resolve(caller);
      checking ??= sessions
        .load(token)
        .catch(() => null)
        .then((c) => {
          caller = c;
          checkedAt = Date.now();
          checking = null;
          return c;
        });
      return checking;
    };
    for (const [event, { handler, errorEvent }] of handlers) {
      socket.on(event, async (payload: unknown) => {
        const caller = await currentCaller();
        if (!caller) {
          socket.emit(errorEvent, msg('sessionExpired'));
          socket.disconnect(true);
          return;
        }
        try {
          await handler({ caller, reply: (e, d) => socket.emit(e, d), join: (room) => void socket.join(room) }, payload);
        } catch (e) {
          // A coded refusal travels as the REST answer's does ({code, params} beside the English text).
          socket.emit(errorEvent, e instanceof HttpError && e.code ? { message: e.message, code: e.code, params: e.params ?? {} } : { message: e instanceof Error ? e.message : msg('somethingWrong').message });
        }
      });
    }
  });

  /** This instance's sockets whose token is no longer a live session: told why, then disconnected. */
  const sweepLocal = async (): Promise<number> => {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return 0;
    const live = await liveTokens(db, [...new Set(sockets.map((x) => String(x.data.token)))], sessionMaxHours);
    let ended = 0;
    for (const socket of sockets) {
      if (live.has(String(socket.data.token))) continue;
      socket.emit('sessionEnded', msg('sessionExpired'));
      socket.disconnect(true);
      ended++;
    }
    return ended;
  };
  const sweepQuietly = () => void sweepLocal().catch(() => undefined);
  if (redis.length === 2) io.on(SWEEP_EVENT, sweepQuietly);
  const timer = setInterval(sweepQuietly, sweepMs);
  timer.unref();

  // After close, events of work still in flight (a tick, a bet's answer) go nowhere: the adapter's
  // Redis connections are gone, and a publish on them would reject with nobody to catch it.
  let closed = false;
  return {
    on(event, handler, errorEvent = 'realtimeError') {
      handlers.set(event, { handler, errorEvent });
    },
    emitTo(room, event, data) {
      if (closed) return;
      io.to(room).emit(event, data);
    },
    emitHere(room, event, data) {
      if (closed) return;
      io.local.to(room).emit(event, data);
    },
    walletsChanged(ids) {
      if (closed) return;
      for (const id of new Set(ids.filter((x): x is number | string => x !== null && x !== undefined)))
        io.to(accountRoom(id)).emit('wallet', { _id: String(id) });
    },
    stats() {
      return { sockets: io.of('/').sockets.size, ...counts };
    },
    async sweepSessions() {
      if (closed) return 0;
      if (redis.length === 2) io.serverSideEmit(SWEEP_EVENT);
      return sweepLocal();
    },
    // Not io.close(): that also closes the HTTP server and waits for its every connection, which is
    // Fastify's to do after this (preClose). Open sockets, websocket or long-polling, would hold that
    // wait until their ping timeout (about 70 s with a browser open): they are ended here first.
    async close() {
      closed = true;
      clearInterval(timer);
      for (const socket of io.of('/').sockets.values()) socket.disconnect(true);
      io.engine.close();
      // A Redis that is down would hold quit() (and the adapter's unsubscribe) in ioredis's offline
      // queue for ever: each gets a second, then the connections are dropped.
      const atMost = (p: Promise<unknown>) => Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
      await atMost(Promise.resolve(io.of('/').adapter.close()));
      await Promise.all(redis.map((r) => atMost(r.quit())));
      for (const r of redis) r.disconnect();
    },
  };
}
