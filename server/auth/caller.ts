import type { Role } from '../../resources.config';

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
