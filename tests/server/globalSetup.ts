import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { PGLITE_EXTENSIONS } from '../../server/db/pglite/extensions';
import { PG_URL, TEMPLATE_DB, withDb } from './engine';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    pgTemplate: string | null;
  }
}

/**
 * Migrates once per run: a PGlite snapshot that every test file loads (0.4 s instead of 3–5 s
 * for a fresh directory), and on PostgreSQL a template database each test file clones.
 */
export default async function setup(project: TestProject) {
  const dir = join(process.cwd(), '.tmp');
  mkdirSync(dir, { recursive: true });
  // One template per project: the registry projects of an engine set up beside the main one.
  const own = project.name.replace(/[^a-z0-9]/gi, '_');
  const onPostgres = (project.config.env?.TEST_ENGINE ?? process.env.TEST_ENGINE) === 'postgres';
  // Only the PGlite projects read the snapshot: the PostgreSQL ones clone their template database.
  let pgliteTemplate: string | null = null;
  if (!onPostgres) {
    pgliteTemplate = join(dir, `pglite-template-${process.pid}-${own}.tar.gz`);
    const migrated = await openDatabaseOn(new PGlite({ extensions: PGLITE_EXTENSIONS }));
    writeFileSync(pgliteTemplate, Buffer.from(await (await migrated.dumpDataDir('gzip')).arrayBuffer()));
    await migrated.close();
  }
  project.provide('pgliteTemplate', pgliteTemplate);

  let pgTemplate: string | null = null;
  if (onPostgres) {
    const template = `${TEMPLATE_DB}_${own}`;
    const admin = new pg.Client(PG_URL);
    try {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${template}`);
      const t = await openDatabase({ databaseUrl: withDb(PG_URL, template), poolSize: 2 });
      await t.migrate();
      await t.close();
      pgTemplate = template;
    } catch (e) {
      console.warn(`PostgreSQL at ${PG_URL} is not reachable (${(e as Error).message}): the PostgreSQL run skips.`);
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
  project.provide('pgTemplate', pgTemplate);
  return async () => {
    if (!pgTemplate) return;
    const admin = new pg.Client(PG_URL);
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
}

async function openDatabaseOn(lite: PGlite): Promise<PGlite> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { MIGRATIONS_DIR } = await import('../../server/db/client');
  const { applyProgram, liteRun } = await import('../../server/db/functions');
  await migrate(drizzle(lite), { migrationsFolder: MIGRATIONS_DIR });
  await applyProgram(liteRun(lite));
  return lite;
}
