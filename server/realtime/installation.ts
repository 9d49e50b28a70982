import { createHash } from 'node:crypto';
import type { Database } from '../db/client';

/**
 * The Redis prefix of this installation when REDIS_PREFIX is unset: a hash of the database's
 * identity, the same for every instance of one installation and different for two databases, so
 * installations sharing one Redis never hear each other (Redis database numbers do not separate
 * pub/sub channels, and two installations have the same room names: admin 5 exists in both).
 * PostgreSQL: the cluster's system identifier, the database and the schema; the embedded engine:
 * its data directory.
 */
export async function installationPrefix(db: Database, dataDir: string): Promise<string> {
  const identity = db.engine === 'postgres' ? await postgresIdentity(db) : `pglite:${dataDir}`;
  return `tierdesk:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

async function postgresIdentity(db: Database): Promise<string> {
  const [w] = await db.query(`SELECT current_database() AS d, current_schema() AS s, inet_server_addr()::text AS a, inet_server_port() AS p`);
  // Readable by every role on a stock server; a provider that revokes it leaves the server's
  // address, which instances reaching it by different addresses would not share (README: then set
  // REDIS_PREFIX).
  const system = await db
    .query(`SELECT system_identifier::text AS id FROM pg_control_system()`)
    .then((r) => String(r[0].id))
    .catch(() => `${String(w.a)}:${String(w.p)}`);
  return `pg:${system}:${String(w.d)}:${String(w.s)}`;
}
