import { randomBytes } from 'node:crypto';
import { GAMES, ROOT_TIER, TIERS } from '../../resources.config';
import { hashSecret } from '../auth/passwords';
import { insertAccount } from '../accounts/repository';
import type { Database } from './client';

export interface SeedResult {
  created: boolean;
  username: string;
  /** Set only when the password was generated here: printed once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * On an empty database: the superadmin, one gift, loan and otc account under it, and the seven games.
 * Idempotent: a database that has a superadmin is left as it is.
 */
export async function seed(db: Database, opts: { username: string; password?: string | undefined }): Promise<SeedResult> {
  const existing = await db.query(`SELECT username FROM accounts WHERE role = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`, [ROOT_TIER.role]);
  if (existing[0]) return { created: false, username: String(existing[0].username) };
  const generated = opts.password ? undefined : randomBytes(12).toString('base64url');
  const password = opts.password ?? (generated as string);
  const hash = await hashSecret(password);
  await db.transaction(async (tx) => {
    const rootId = await insertAccount(tx, { role: ROOT_TIER.role, prefix: ROOT_TIER.usernamePrefix, parentId: null, parentPath: '/', username: opts.username, cols: { password_hash: hash } });
    // System accounts cannot log in: their password is random and never shown.
    for (const t of TIERS.filter((x) => x.kind === 'system')) {
      await insertAccount(tx, {
        role: t.role,
        prefix: t.usernamePrefix,
        parentId: rootId,
        parentPath: `/${rootId}/`,
        username: t.role,
        cols: { password_hash: await hashSecret(randomBytes(24).toString('base64url')) },
      });
    }
    for (const g of GAMES)
      await tx.query(
        `INSERT INTO games (game_id, game_name, nodigit, time_seconds, publisher, description, release_date)
         VALUES ($1, $2, $3, $4, $5, $6, current_date) ON CONFLICT DO NOTHING`,
        [g.gameId, g.gameName, g.nodigit, g.time, opts.username, `${g.gameName} live game`],
      );
  });
  return { created: true, username: opts.username, ...(generated ? { generatedPassword: generated } : {}) };
}
