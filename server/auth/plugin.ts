import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { Caller } from './caller';
import { resumeSession, SESSION_COOKIE } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Subject of the activity log row this route writes (mutating routes log by default). */
    subject?: string;
    /** Log this route although it is a GET (a GET that changes state). */
    log?: boolean;
  }
}

export function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+/i.test(h)) {
    const t = h.replace(/^Bearer\s+/i, '').trim();
    if (t && t !== 'null' && t !== 'undefined') return t;
  }
  return req.cookies?.[SESSION_COOKIE] ?? null;
}

/** Resolves the session of every API request; routes that need one call `requireCaller`. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (req) => {
    const token = tokenOf(req);
    req.caller = token ? await resumeSession(opts.db, token) : null;
  });
});

// Kept here for the auth routes; defined in the base module so accounts and credit need not import auth.
export { requireAuth, requireCaller } from '../access/caller';
