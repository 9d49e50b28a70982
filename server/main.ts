import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, configFromEnv } from './config';
import { openDatabase } from './db/client';
import { DataDirBusyError, lockDataDir } from './db/dataDirLock';
import { seed } from './setup/seed';

/** SIGTERM/SIGINT to exit, at most: open sockets are closed first (preClose), so this is only a safety net. */
const SHUTDOWN_GRACE_MS = 4500;

/** `npm start`: build the client when missing, migrate, seed an empty database and add the declared games it lacks, serve. */
async function main() {
  const config = configFromEnv();
  // Before anything else touches the embedded directory (the client build included): a second server exits here.
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  if (!existsSync(join(config.clientDir, 'index.html')) && process.env.SKIP_CLIENT_BUILD !== '1') {
    console.log('Building the client (first start)…');
    execSync('npx vite build', { stdio: 'inherit' });
  }
  const db = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  await db.migrate();
  const s = await seed(db, { username: config.superadminUsername, password: config.superadminPassword });
  if (s.generatedPassword) {
    console.log('\n  Superadmin created. Keep these credentials; they are shown only once:');
    console.log(`    username: ${s.username}\n    password: ${s.generatedPassword}\n`);
  } else if (s.created) console.log(`Superadmin '${s.username}' created with SUPERADMIN_PASSWORD.`);
  const app = await buildApp({ db, config, logger: { level: config.logLevel } });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    // A Redis client stopped while it was still connecting replays its subscriptions on the closed
    // socket, and ioredis rejects them with nobody to catch it: on the way out that is expected, and
    // must not turn a clean stop into exit 1. Any other late rejection still ends the process.
    process.on('unhandledRejection', (e) => {
      if (e instanceof Error && e.message === 'Connection is closed.') return;
      throw e;
    });
    // A stop must not hang (a service manager waits, and a new start is refused while the directory is
    // claimed): whatever still holds the close after the grace ends here, like the crash the data survives.
    setTimeout(() => {
      console.error(`Shutdown took over ${SHUTDOWN_GRACE_MS} ms; exiting now.`);
      release();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await db.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  console.log(`Tierdesk is ready on http://localhost:${config.port} (${db.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((e: unknown) => {
  console.error(e instanceof DataDirBusyError || e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
