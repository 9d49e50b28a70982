import { randomBytes } from 'node:crypto';
import { ROOT_TIER, TIERS } from '../../resources.config';
import { hashSecret } from '../access/passwords';
import { insertAccount } from '../accounts/repository';
import { addDeclaredGames } from '../db/declaredGames';
import type { Database } from '../db/client';
import { col, queryRow, rowsOf } from '../db/rows';

const usernameRow = rowsOf({ username: col.text });

export interface SeedResult {
  created: boolean;
  username: string;
  /** Set only when the password was generated here: printed once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * On an empty database: the superadmin and one gift, loan and otc account under it. On every
 * database: the declared games it lacks (resources/games.ts). Idempotent: a database that has a
 * superadmin keeps its accounts, and a game it has keeps its row.
 */
export async function seed(db: Database, opts: { username: string; password?: string | undefined }): Promise<SeedResult> {
  const existing = await queryRow(db, usernameRow, `SELECT username FROM accounts WHERE role = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`, [ROOT_TIER.role]);
  if (existing) {
    await addDeclaredGames(db, existing.username);
    return { created: false, username: existing.username };
  }
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
    await addDeclaredGames(tx, opts.username);
  });
  return { created: true, username: opts.username, ...(generated ? { generatedPassword: generated } : {}) };
}
