import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { miscAccountRoutes } from './accounts/misc.routes';
import { accountRoutes } from './accounts/routes';
import { activitySubjectOf, redactUrl, writeActivity } from './activity/log';
import { authPlugin } from './auth/plugin';
import { authRoutes } from './auth/routes';
import { pageAccess } from './access/pages';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { API_PATHS } from '../domain/apiPaths';
import { msg } from '../domain/messages';
import { fromDatabaseError, HttpError } from './http/errors';
import { healthRoutes } from './http/health';
import { schemaError } from './http/schemaMessages';
import { realtimePlugin } from './realtime/plugin';
import { geoRoutes } from './geo/routes';
import { schedulerPlugin } from './scheduler/plugin';
import { FLUSH_COUNTS_EVERY_MS, flushCounts } from './db/keptCounts';
import { gamesModule } from './games';
import { commissionRoutes, reportRoutes } from './reports/routes';
import { complaintRoutes } from './operations/complaints.routes';
import { logRoutes } from './operations/logs.routes';
import { backupRoutes } from './operations/backup.routes';
import { loadSigningKey } from './operations/backupSigning';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, for every plugin registered after it (decorated on the root, seen by every child). */
    db: Database;
    /** Every route as registered (method, URL, schema), for the API contract test. */
    routeTable: readonly RouteOptions[];
  }
}

export interface AppOptions {
  db: Database;
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The server's own log: a request is its method, URL (secret query values masked), host and address;
 * headers (Authorization, Cookie) and bodies are never logged.
 */
function safeLogger(logger: AppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || logger === true || typeof logger !== 'object') return logger ?? false;
  return {
    ...logger,
    serializers: {
      ...(logger as { serializers?: Record<string, unknown> }).serializers,
      req: (req: { method: string; url: string; host?: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
    },
  } as FastifyServerOptions['logger'];
}

export async function buildApp({ db, config, logger = false }: AppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: safeLogger(logger),
    // Only a configured proxy may speak for the client's address (rate limits and the activity log read it).
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Errors the router raises before any route (bad URL encoding, over-long ids) get the same envelope, without echoing the URL.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode ?? 400;
      void (reply as FastifyReply).code(status).send({ success: false, ...msg(status === 414 ? 'addressTooLong' : 'addressMalformed') });
    },
  };
  const app = Fastify(options);
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeTable.push(route));
  app.decorate('routeTable', routeTable);
  app.decorate('db', db);
  await app.register(realtimePlugin, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, dataDir: config.dataDir, sessionMaxHours: config.sessionMaxHours });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // No upgrade-insecure-requests: on a plain-HTTP LAN address it would send the browser to https for every asset.
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'upgrade-insecure-requests': null } },
  });
  await app.register(cookie);
  // Game images (Add Game): each part is checked and capped by the route itself.
  await app.register(multipart, { limits: { fileSize: 1_048_576, files: 1000, fields: 50 } });
  await app.register(rateLimit, { global: false });
  await app.register(schedulerPlugin, { enabled: config.schedulerEnabled });
  // Every instance: a flush skips what another holds, so none waits for another's.
  app.scheduler.register({ name: 'counts', everyMs: FLUSH_COUNTS_EVERY_MS, scope: 'instance', run: () => flushCounts(db) });
  // The OpenAPI document is generated from the routes' zod schemas (served under /api/docs below).
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tierdesk API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => schemaError(err.validationContext, v.instancePath.replace(/^\//, ''), v.message));
      const first = errors[0];
      if (first?.code) req.activityRefusal = { code: first.code, params: first.params ?? {} };
      return reply.code(400).send({ success: false, message: first?.message, code: first?.code, params: first?.params, field: first?.field, errors });
    }
    const known = err instanceof HttpError ? err : fromDatabaseError(err);
    if (known) {
      const first = known.errors?.[0];
      if (known.code) req.activityRefusal = { code: known.code, params: known.params ?? {} };
      return reply.code(known.statusCode).send({
        success: false,
        message: known.message,
        ...(known.code ? { code: known.code, params: known.params ?? {} } : {}),
        ...(first ? { field: first.field, errors: known.errors } : {}),
      });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      if (status === 429) req.activityRefusal = { code: 'tooManyRequests', params: {} };
      return reply.code(status).send(status === 429 ? { success: false, ...msg('tooManyRequests') } : { success: false, message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ success: false, ...msg('somethingWrong') });
  });

  // A call that may have ended sessions: their sockets go now, not at the next sweep.
  app.addHook('onResponse', async (req, reply) => {
    if (req.routeOptions.config?.endsSessions && reply.statusCode < 400) {
      await app.realtime.sweepSessions().catch((e: unknown) => req.log.warn({ err: e }, 'socket sweep failed'));
    }
  });

  // Every mutating request (and the GETs that change state) leaves an activity row; never a body.
  // The row says what was attempted and how it ended: done, or refused with the reason answered. It is
  // written before the answer goes (onSend), so whoever got the answer finds the row in Log Activities.
  app.addHook('onSend', async (req, reply, payload) => {
    const cfg = req.routeOptions.config;
    if (!req.caller || req.activityWritten || cfg?.log === false || !(MUTATING.has(req.method) || cfg?.log)) return payload;
    if (req.url.startsWith(`/api${API_PATHS.login}`) || req.url.startsWith(`/api${API_PATHS.logout}`)) return payload;
    const subject = activitySubjectOf(req);
    const refusal = reply.statusCode >= 400 ? req.activityRefusal : undefined;
    await writeActivity(db, {
      accountId: req.caller.id,
      username: req.caller.username,
      subject,
      outcome: { status: reply.statusCode, reason: refusal?.code ?? null, params: refusal?.params ?? null },
      requestUrl: req.url,
      method: req.method,
      ip: req.ip,
    }).catch((e: unknown) => req.log.warn({ err: e }, 'activity log write failed'));
    return payload;
  });

  await app.register(
    async (api) => {
      await api.register(authPlugin, { sessionMaxHours: config.sessionMaxHours });
      await api.register(pageAccess);
      await api.register(healthRoutes);
      const openapi = async () => app.swagger();
      api.get(API_PATHS.docs, { schema: { hide: true } }, openapi);
      api.get(API_PATHS.docsJson, { schema: { hide: true } }, openapi);
      await api.register(authRoutes, { config });
      await api.register(accountRoutes, { guard: config });
      await api.register(miscAccountRoutes);
      await api.register(geoRoutes);
      await api.register(gamesModule, { dataDir: config.dataDir, voidAfterSeconds: config.roundVoidAfterSeconds });
      await api.register(reportRoutes);
      await api.register(commissionRoutes);
      await api.register(logRoutes);
      await api.register(complaintRoutes, { perHour: config.complaintRateLimit });
      await api.register(backupRoutes, {
        dir: config.backupDir,
        admins: config.backupAdmins,
        signingKey: loadSigningKey({ envKey: config.backupSigningKey, dataDir: config.dataDir, backupDir: config.backupDir }),
        perHour: config.backupRatePerHour,
        keep: config.backupKeep,
        s3: config.backupS3,
      });
      api.setNotFoundHandler((req, reply) => reply.code(404).send({ success: false, ...msg('noRoute', { method: req.method, url: req.url }) }));
    },
    { prefix: '/api' },
  );

  // The built client: static files, and index.html for every other path (client-side routes).
  const index = join(config.clientDir, 'index.html');
  if (existsSync(index)) {
    await app.register(fastifyStatic, { root: config.clientDir, wildcard: false, index: false });
    app.setNotFoundHandler((req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).send({ success: false, ...msg('notFound') });
      return reply.type('text/html').sendFile('index.html');
    });
  }
  return app;
}
