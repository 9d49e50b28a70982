import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { FieldError } from '../../domain/api';
import { invalid } from './errors';
import { schemaError } from './schemaMessages';

/** How many of a schema's refusals are answered: the first (a form that stops there) or every one, in field order. */
export type Answered = 'first' | 'every';

/**
 * Route options of a route that checks its caller (session, role, target) before it reads its input:
 * Fastify attaches the schema's refusal to the request instead of answering it, and the handler
 * answers it with `checkedInput` where it reads the body. The schema validates every request either
 * way; only the order of refusals (401, 403, 404 before 400) stays the route's.
 */
export const INPUT_CHECKED_IN_HANDLER = { attachValidation: true } as const;

const refusal = (errors: FieldError[], answered: Answered) => invalid(answered === 'first' ? errors.slice(0, 1) : errors);

/** The request's validated input (`value`, read from the request), or the schema's refusal attached to it. */
export function checkedInput<T>(req: FastifyRequest, value: T, answered: Answered = 'first'): T {
  const err = req.validationError;
  if (!err) return value;
  if (!hasZodFastifySchemaValidationErrors(err)) throw err;
  throw refusal(
    err.validation.map((v: { instancePath: string; message?: string }) => schemaError(err.validationContext, v.instancePath.replace(/^\//, ''), v.message)),
    answered,
  );
}

/** A body that reached the route another way (a multipart form's fields) checked by the same schema, answered the same way. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown, answered: Answered = 'first'): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw refusal(
    r.error.issues.map((i) => schemaError('body', i.path.join('/'), i.message)),
    answered,
  );
}
