import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivitySubject } from '../../domain/activity';
import fp from 'fastify-plugin';
import { coded } from '../http/errors';
import type { Caller } from '../access/caller';
import { Coalescer } from '../db/coalesce';
import { retryOnDeadlock } from '../db/deadlock';
import { DEFAULT_SESSION_MAX_HOURS, resumeSession, resumeSessions, SESSION_COOKIE } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Subject of the activity log row this route writes, by code (mutating routes log by default). */
    subject?: ActivitySubject;
    /**
     * true: a GET that changes state, logged like a mutation and refused across origins with a cookie.
     * false: a mutation whose own rows are its record (bets: the tickets), kept out of the activity log.
     */
    log?: boolean;
    /**
     * The route may end sessions (logout, revocation, deactivation, delete, restore): after a 2xx the
     * sockets of every session that is no longer live are disconnected at once.
     */
    endsSessions?: boolean;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+/i.test(h)) {
    const t = h.replace(/^Bearer\s+/i, '').trim();
    if (t && t !== 'null' && t !== 'undefined') return t;
  }
  return null;
}

export function tokenOf(req: FastifyRequest): string | null {
  return bearerOf(req) ?? req.cookies?.[SESSION_COOKIE] ?? null;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a cookie alone must not authorise this change: cookies ride along with cross-site requests
 * (SameSite=Lax sends them on a top-level GET navigation), so a change needs the browser's word that
 * it came from this origin: `Sec-Fetch-Site`, else `Origin`, else `Referer`. A request with none of
 * them (an older browser's navigation from anywhere) is refused too. A Bearer token cannot be
 * attached by another site and needs no such check.
 */
export function isCrossSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  // 'none': the user opened the address themselves (typed, bookmarked), no other site involved.
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const self = originOf(`${req.protocol}://${req.host}`);
  if (!self) return true;
  const origin = req.headers.origin;
  if (typeof origin === 'string') return originOf(origin) !== self;
  const referer = req.headers.referer;
  if (typeof referer === 'string') return originOf(referer) !== self;
  return true;
}

/** Resolves the session of every API request; routes that need one call `requireCaller`. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { sessionMaxHours?: number }) => {
    const { db } = app;
    app.decorateRequest('caller', null);
    const maxHours = opts.sessionMaxHours ?? DEFAULT_SESSION_MAX_HOURS;
    // The sessions of requests that arrive while one lookup runs are looked up together in the next
    // (every request still reads after it arrived): the embedded engine runs one statement at a time,
    // and on PostgreSQL 200 players' lookups each waiting for a pooled connection held bets at 715/s
    // where one statement per burst lets 1,667/s through (bench/README.md, bets). Two instances'
    // lookups may slide the same sessions in another order: the victim of that deadlock runs again.
    const sessions = new Coalescer<string, Caller | null>((tokens) => retryOnDeadlock(() => resumeSessions(db, tokens, maxHours)), null);
    const resume = (token: string) => (token.length <= 200 ? sessions.load(token) : resumeSession(db, token, maxHours));
    app.addHook('onRequest', async (req) => {
      const bearer = bearerOf(req);
      const token = bearer ?? req.cookies?.[SESSION_COOKIE] ?? null;
      if (token && !bearer && (MUTATING.has(req.method) || req.routeOptions.config?.log) && isCrossSite(req)) {
        throw coded(403, 'crossSite');
      }
      req.caller = token ? await resume(token) : null;
    });
  },
  // The database is the app's decoration (server/app.ts), made before any plugin is registered.
  { decorators: { fastify: ['db'] } },
);

// Kept here for the auth routes; defined in the base module so accounts and credit need not import auth.
export { requireAuth, requireCaller } from '../access/caller';

/** Money and restore calls need the password re-entered on this session within the last minutes. */
export const STEP_UP_MINUTES = 5;

export function requireRecentStepUp(caller: Caller, minutes = STEP_UP_MINUTES, now = new Date()): void {
  if (!caller.steppedUpAt || now.getTime() - caller.steppedUpAt.getTime() > minutes * 60_000) {
    throw coded(403, 'confirmPasswordFirst');
  }
}
