import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Wire } from '../../domain/rowSchema';
import type { Endpoint } from './endpoint';

/**
 * The types a caller of an endpoint reads from its declaration: what it sends (path parameters,
 * query, body: the schemas' input) and what it gets back (the response schema's output as JSON).
 * Types only: the client imports them with `import type`, so no zod and no server code reach its
 * bundle, and a changed schema breaks the client's compile instead of its screens.
 */

type SchemaOf<E> = E extends Endpoint<infer S extends FastifySchema> ? S : never;
type Part<E, K extends keyof FastifySchema> = K extends keyof SchemaOf<E> ? SchemaOf<E>[K] : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The JSON the endpoint answers with `status` (its success by default: 200, or 201 for a create). */
export type ReplyOf<E, Status extends number = SuccessStatus<E>> = Part<E, 'response'> extends infer R
  ? Status extends keyof R
    ? R[Status] extends z.ZodType
      ? Wire<z.output<R[Status]>>
      : never
    : never
  : never;

/** The status of the endpoint's success: 201 when it declares one (a create), else 200. */
export type SuccessStatus<E> = 201 extends keyof Part<E, 'response'> ? 201 : 200;

/** The query the endpoint reads, as the caller writes it (before defaults and coercion). */
export type QueryOf<E> = Input<Part<E, 'querystring'>>;
/** The body the endpoint reads, as the caller writes it. */
export type BodyOf<E> = Input<Part<E, 'body'>>;
/** The path parameters of the endpoint. */
export type ParamsOf<E> = Input<Part<E, 'params'>>;
