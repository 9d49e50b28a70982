import type { Database } from '../db/client';
import { retryRolledBack } from '../db/deadlock';
import { col, queryOne, queryRows, rowsOf } from '../db/rows';

/**
 * Players cleared per statement. Each batch holds its players' rows and the admin's days of the
 * games it touches until it commits, so a bet of the admin waits at most one batch: a few hundred
 * players' rows are milliseconds; the whole network at once was seconds of every bet of the admin.
 */
export const PLAY_BATCH_PLAYERS = 100;

const clearedRow = rowsOf({ n: col.int });

/**
 * Clear History's per-day play figures (daily_play, and the admin_game_days and player_days read from
 * them) of one admin's players over a range of days, a batch of players per statement
 * (td_clear_play), each its own transaction: no bet waits for more than one batch. Not one
 * transaction with the rest of the clear: these are report figures, not points, and every batch
 * leaves them whole (each player's rows and the admin's days agree with the day rows left), so a
 * clear stopped half-way leaves correct figures with part of the range still there, which the same
 * Clear History run again removes. Answers how many daily_play rows went.
 */
export async function clearPlayFigures(db: Database, adminId: number, from: string, to: string, batch = PLAY_BATCH_PLAYERS): Promise<number> {
  // The players with rows in the range when the clear starts: a player's first bet of the range
  // placed later is history made after the clear, and stays.
  const players = (
    await queryRows(db, rowsOf({ player_id: col.id }), `SELECT DISTINCT player_id FROM daily_play WHERE admin_id = $1 AND day BETWEEN $2 AND $3 ORDER BY player_id`, [adminId, from, to])
  ).map((r) => r.player_id);
  let cleared = 0;
  for (let i = 0; i < players.length; i += batch) {
    const ids = players.slice(i, i + batch);
    // A batch that waited 3 s for a lock (td_clear_play's timeout) or lost a deadlock rolled back whole: it is run again.
    const r = await retryRolledBack(() => queryOne(db, clearedRow, `SELECT td_clear_play($1::bigint, $2::date, $3::date, $4::bigint[]) AS n`, [adminId, from, to, ids]), {
      times: 4,
      lockTimeout: true,
      pauseMs: 50,
    });
    cleared += r.n;
  }
  return cleared;
}
