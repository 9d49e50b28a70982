import type { FastifyContextConfig, FastifyInstance, FastifySchema, HTTPMethods, RouteHandlerMethod, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ActivitySubject } from '../../domain/activity';
import type { PageKey } from '../../resources.config';
import { INPUT_CHECKED_IN_HANDLER } from './validated';

/**
 * One endpoint, declared once: its method and path (a key of domain/apiPaths.ts), its request and
 * response schemas (zod: they validate every request and write the OpenAPI document and docs/API.md),
 * the registry page whose roles it answers (none: any caller its handler accepts) and the subject of
 * its activity row. The server registers the route from it (`serve`); nothing else restates them.
 */
export interface Endpoint<S extends FastifySchema> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  path: string;
  schema: S;
  page?: PageKey;
  subject?: ActivitySubject;
  /** Route options beyond the declaration's (a rate limit, `log`, `endsSessions`). */
  config?: FastifyContextConfig & Record<string, unknown>;
  /**
   * The handler checks its caller (session, role, target) before it reads its input, and answers the
   * schema's refusal itself with `checkedInput`: a 401, 403 or 404 comes before a 400.
   */
  inputCheckedInHandler?: true;
}

/** Declares an endpoint (the identity, for its schema's types). */
export const endpoint = <S extends FastifySchema>(e: Endpoint<S>): Endpoint<S> => e;

/** The handler of an endpoint: request and reply typed by its schemas. */
export type EndpointHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  FastifyContextConfig,
  S,
  ZodTypeProvider
>;

/** Registers the route an endpoint declares, with its handler; `config`: options known only at start (a configured rate limit). */
export function serve<S extends FastifySchema>(app: FastifyInstance, e: Endpoint<S>, handler: EndpointHandler<S>, config: FastifyContextConfig = {}): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    schema: e.schema,
    ...(e.inputCheckedInHandler ? INPUT_CHECKED_IN_HANDLER : {}),
    config: { ...e.config, ...config, ...(e.page ? { page: e.page } : {}), ...(e.subject ? { subject: e.subject } : {}) },
    handler,
  });
}
