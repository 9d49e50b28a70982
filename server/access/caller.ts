import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../resources.config';
import { coded } from '../http/errors';

/** Who is calling: from the session only, never from query or body ids. */
export interface Caller {
  id: number;
  username: string;
  role: Role;
  /** Materialized path: the caller's subtree is every account whose path starts with it. */
  path: string;
  passwordHash: string;
  sessionId: number;
  /** When this session last re-entered its password (auth/checkpassword), or null. */
  steppedUpAt: Date | null;
}

/** The caller the auth plugin resolved (it decorates `req.caller`), or 401. */
export function requireCaller(req: FastifyRequest): Caller {
  if (!req.caller) throw coded(401, 'sessionExpired');
  return req.caller;
}

export const requireAuth = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireCaller(req);
};
