import { z } from 'zod';
import { DATE_YEARS, parseDate } from '../../domain/periods';

/**
 * Zod shapes shared by the route schemas. Objects are loose on purpose: the serializer must not strip a field
 * a route adds, and request bodies keep reaching the domain validators, whose messages are the API's contract.
 */

export const errorEnvelope = z
  .looseObject({
    success: z.literal(false),
    message: z.string(),
    code: z.string().optional().describe('Message code (domain/messages.ts); clients translate by it'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    field: z.string().optional(),
    errors: z
      .array(z.looseObject({ field: z.string(), message: z.string(), code: z.string().optional(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }))
      .optional(),
  })
  .meta({ id: 'Error' });

export const ok = <T extends z.ZodType>(data: T) => z.looseObject({ success: z.boolean(), message: z.string().optional(), data });

/** A reply that only says it is done: `{success, message}`. */
export const done = z.looseObject({ success: z.boolean(), message: z.string().optional() });

/** A paged list: its rows and the count before paging. */
export const page = <T extends z.ZodType>(row: T) => z.looseObject({ success: z.boolean(), message: z.string().optional(), data: z.array(row), total: z.number().int() });

/** A call that takes no body (a logout): none, or an empty object. */
export const noBody = z.looseObject({}).nullish();

/** The `page` (from 1) and `limit` of a server-paged list, to spread into its query: `perPage` rows unless asked, `max` at most. */
export const pageParams = (perPage: number, max = 500) => ({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(max).default(perPage),
});

/** A body of bytes (a file), documented as binary and not checked. */
export const binary = <T = string>() => z.custom<T>(() => true).meta({ type: 'string', format: 'binary' });

/** A file download (CSV, archive, image): the bytes (a string, Buffer or stream), which Fastify sends as they are, never as JSON. */
export const file = <T = string>(contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: binary<T>() } },
});

/** A timestamp as a row carries it: a Date from the database (sent as ISO 8601) or a string already. */
export const timestamp = z.union([z.date(), z.string()]).meta({ type: 'string', format: 'date-time' });

/** Row schemas are checked against their types in domain/ (the registry's report rows use the same check). */
export { rowOf } from '../../domain/rowSchema';

/** The 4xx answers every authenticated route may give, in the one error envelope. */
export const ERROR_REPLIES = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope } as const;

/** What a rate-limited route (its limit configured where it is registered) answers past its limit: 429, in the one error envelope. */
export const RATE_LIMITED = { 429: errorEnvelope } as const;

/** A query value as the URL carries it; numbers are parsed by the route, which names the bad parameter. */
export const queryText = z.string().optional();

/**
 * A date parameter of a period (`startDate`, `endDate`, `date`, `tdate`): empty is "not given", anything
 * else must parse to a day of DATE_YEARS. Every route's date goes through this one schema, so an
 * extreme or garbled date is a 400 before any handler or query sees it.
 */
export const queryDate = z
  .string()
  .optional()
  .refine((v) => v === undefined || v === '' || parseDate(v) !== null, { message: 'badDate' })
  .meta({ description: `A date (YYYY-MM-DD or ISO 8601) in the years ${DATE_YEARS.min} to ${DATE_YEARS.max}` });
