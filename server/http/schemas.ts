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

/** The 4xx answers every authenticated route may give, in the one error envelope. */
export const ERROR_REPLIES = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope } as const;

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
