import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import type { OpenApi } from './contract';

declare module 'vitest' {
  export interface ProvidedContext {
    openApi: OpenApi;
  }
}

/**
 * The OpenAPI document the server generates from its routes' schemas, made once per run on an
 * in-memory database (no data is read), so that every client test checks its msw answers against
 * what the real routes may answer.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-client-openapi-'));
  const db = await openDatabase({});
  try {
    await db.migrate();
    const config = { ...configFromEnv({}), dataDir: dir, backupDir: join(dir, 'backups'), clientDir: join(dir, 'no-client'), schedulerEnabled: false, backupSigningKey: 'client-tests-only-never-signs-anything-012345' };
    const app = await buildApp({ db, config });
    await app.ready();
    project.provide('openApi', JSON.parse(JSON.stringify(app.swagger())) as OpenApi);
    await app.close();
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
