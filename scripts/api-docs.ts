/**
 * `npm run docs`: writes the route reference of docs/API.md from the OpenAPI document the server
 * generates from its routes' schemas, on an embedded in-memory database (no data is read). The
 * hand-written part above the marker is kept; `--check` only says whether the file is up to date.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase } from '../server/db/client';
import { withReference, type OpenApiDocument } from './apiReference';

const API_MD = join(process.cwd(), 'docs', 'API.md');

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-api-docs-'));
  const db = await openDatabase({});
  try {
    await db.migrate();
    const config = { ...configFromEnv({}), dataDir: dir, backupDir: join(dir, 'backups'), clientDir: join(dir, 'no-client'), schedulerEnabled: false, backupSigningKey: 'api-docs-only-never-signs-anything-0123456789' };
    const app = await buildApp({ db, config });
    await app.ready();
    const doc = app.swagger() as unknown as OpenApiDocument;
    await app.close();
    const current = readFileSync(API_MD, 'utf8');
    const next = withReference(current, doc);
    if (process.argv.includes('--check')) {
      if (next !== current) {
        console.error('docs/API.md is not what the routes declare: run `npm run docs`.');
        process.exitCode = 1;
      }
      return;
    }
    if (next !== current) writeFileSync(API_MD, next);
    console.log(next === current ? 'docs/API.md is up to date.' : 'docs/API.md written.');
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
