import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { col, queryOne, rowsOf } from '../db/rows';

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

const where = rowsOf({ d: col.text, s: col.text, a: col.nullable(col.text), p: col.nullable(col.int) });
const system = rowsOf({ id: col.text });

async function postgresIdentity(db: Database): Promise<string> {
  const w = await queryOne(db, where, `SELECT current_database() AS d, current_schema() AS s, inet_server_addr()::text AS a, inet_server_port() AS p`);
  // Readable by every role on a stock server; a provider that revokes it leaves the server's
  // address, which instances reaching it by different addresses would not share (README: then set
  // REDIS_PREFIX).
  const cluster = await queryOne(db, system, `SELECT system_identifier::text AS id FROM pg_control_system()`)
    .then((r) => r.id)
    .catch(() => `${String(w.a)}:${String(w.p)}`);
  return `pg:${cluster}:${w.d}:${w.s}`;
}
