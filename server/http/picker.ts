import { z } from 'zod';

/** Users a picker answers at most per call: it searches on the server as the operator types. */
export const PICKER_LIMIT = 20;

/**
 * The query of a user picker: `q`, the start of a username (case-insensitive), and `limit`. Without
 * `q` it answers the first usernames in order, so a small tree still shows every user at once.
 */
export const pickerQuery = z.object({
  q: z.string().trim().max(100, 'q is at most 100 characters').optional(),
  limit: z.coerce.number({ error: 'limit is a number' }).int().min(1, 'limit is 1 to 100').max(100, 'limit is 1 to 100').default(PICKER_LIMIT),
});

/** How pickers compare and order usernames: the expression migration 0015 indexes, for the prefix and the order. */
export const USERNAME_KEY = `lower(username) COLLATE "C"`;

/** The LIKE pattern of a username prefix: LIKE's own wildcards typed by the operator match as text. */
export const prefixPattern = (q: string): string => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
