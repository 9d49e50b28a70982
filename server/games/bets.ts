import { gameDeclaration } from '../../domain/games';
import type { Database } from '../db/client';
import { coded, forbidden } from '../http/errors';
import { GAME_TIER } from './repository';
import { betQueues, NOT_AVAILABLE } from './betBatch';

export interface BetLine {
  option: string;
  qty: number;
}

export interface PlacedBet {
  ticketId: string;
  adminId: number;
  roundId: string;
  drawNo: number;
  stakeCents: bigint;
  balanceCents: bigint;
}

/** Most units one line may stake: keeps a typo from emptying a wallet in one tap. */
export const MAX_QTY = 10_000;

/** Merges repeated options and checks every line against the game's declaration. */
export function normaliseLines(gameId: string, lines: readonly BetLine[]): Map<string, number> {
  const game = gameDeclaration(gameId);
  if (!game) throw coded(400, 'unknownGame');
  if (lines.length === 0) throw coded(400, 'betNeedsOption');
  const known = new Set(game.options.map((o) => o.key));
  const merged = new Map<string, number>();
  for (const l of lines) {
    if (!known.has(l.option)) throw coded(400, 'notAnOption', { option: l.option, game: game.gameName });
    if (!Number.isInteger(l.qty) || l.qty < 1 || l.qty > MAX_QTY) throw coded(400, 'quantityRange', { max: MAX_QTY });
    merged.set(l.option, (merged.get(l.option) ?? 0) + l.qty);
  }
  for (const qty of merged.values()) if (qty > MAX_QTY) throw coded(400, 'quantityRange', { max: MAX_QTY });
  return merged;
}

/**
 * A player's bet on the current round of its admin's game: the stake (qty × the game's unit price,
 * computed here), then the move into the pool, the ticket and the day's play, written in one
 * transaction with the other bets on the same pool that arrived meanwhile (betBatch.ts).
 */
export async function placeBet(
  db: Database,
  player: { id: number; path: string },
  gameId: string,
  lines: readonly BetLine[],
  now: Date = new Date(),
): Promise<PlacedBet> {
  const declaration = gameDeclaration(gameId);
  const merged = normaliseLines(gameId, lines);
  const unit = declaration!.unitPriceCents;
  const stakeCents = [...merged.values()].reduce((s, qty) => s + unit * BigInt(qty), 0n);
  // The game, the player's admin and whether the admin has the game, in one query.
  const [found] = await db.query(
    `SELECT g.id, g.time_seconds, g.status = 'active' AS active, a.id AS admin_id,
            EXISTS (SELECT 1 FROM account_games ag WHERE ag.account_id = a.id AND ag.game_id = g.id) AS assigned
       FROM games g LEFT JOIN LATERAL (SELECT id FROM accounts WHERE role = $3 AND deleted_at IS NULL AND $2 LIKE path || '%'
                                       ORDER BY length(path) DESC LIMIT 1) a ON true
      WHERE g.game_id = $1 AND g.deleted_at IS NULL`,
    [gameId, player.path, GAME_TIER],
  );
  if (!found || !found.active || found.admin_id === null || !found.assigned) throw forbidden(NOT_AVAILABLE);
  const adminId = Number(found.admin_id);
  const options = [...merged.keys()];
  const outcome = await betQueues(db).submit({
    playerId: player.id,
    adminId,
    gameDbId: Number(found.id),
    timeSeconds: Number(found.time_seconds),
    gameName: declaration!.gameName,
    unitCents: unit,
    options,
    qtys: options.map((o) => merged.get(o)!),
    stakeCents,
    now,
  });
  if (!outcome.ok) throw outcome.error;
  return { ticketId: outcome.ticketId, adminId, roundId: outcome.roundId, drawNo: outcome.drawNo, stakeCents, balanceCents: outcome.balanceCents };
}
