import { gameDeclaration, roundWindow } from '../../domain/games';
import { dayKey } from '../../domain/periods';
import type { Database } from '../db/client';
import { moveThen } from '../credit/ledger';
import { HttpError, badRequest, forbidden } from '../http/errors';
import { ensurePool, ensureRound, GAME_TIER } from './repository';

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
  if (!game) throw badRequest('Unknown game.');
  if (lines.length === 0) throw badRequest('A bet needs at least one option.');
  const known = new Set(game.options.map((o) => o.key));
  const merged = new Map<string, number>();
  for (const l of lines) {
    if (!known.has(l.option)) throw badRequest(`"${l.option}" is not an option of ${game.gameName}.`);
    if (!Number.isInteger(l.qty) || l.qty < 1 || l.qty > MAX_QTY) throw badRequest(`Quantity must be a whole number from 1 to ${MAX_QTY}.`);
    merged.set(l.option, (merged.get(l.option) ?? 0) + l.qty);
  }
  for (const qty of merged.values()) if (qty > MAX_QTY) throw badRequest(`Quantity must be a whole number from 1 to ${MAX_QTY}.`);
  return merged;
}

/**
 * A player's bet on the current round of its admin's game: the stake (qty × the game's unit price,
 * computed here), the move into the pool, the ticket and the day's play, in one transaction.
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
  if (!found || !found.active || found.admin_id === null || !found.assigned) throw forbidden('This game is not available to you.');
  const game = { id: Number(found.id), timeSeconds: Number(found.time_seconds) };
  const adminId = Number(found.admin_id);
  return db.transaction(async (tx) => {
    const pool = await ensurePool(tx, adminId, game.id);
    const window = roundWindow(now, game.timeSeconds);
    const roundId = await ensureRound(tx, adminId, game.id, window);
    // FOR SHARE: bets of one round run side by side, and the settlement (FOR UPDATE) waits for them.
    const round = (await tx.query(`SELECT status, closes_at FROM rounds WHERE id = $1 FOR SHARE`, [roundId]))[0];
    if (round.status !== 'open' || new Date(String(round.closes_at)).getTime() <= now.getTime()) {
      throw new HttpError(409, 'This round is closed. Bet on the next one.');
    }
    // The ticket, its lines and the day's play first, in one statement: the pool's row is locked by
    // the move below only until the commit, so bets on one pool queue for as short a time as can be.
    // The player's day in player_days too (after the daily_play row, as a settlement does; under
    // the player's account, which td_add_player_day locks here and the move below locks anyway).
    const options = [...merged.keys()];
    const [ticket] = await tx.query(
      `WITH t AS (INSERT INTO tickets (round_id, player_id, admin_id, game_id, stake, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id),
            l AS (INSERT INTO ticket_lines (ticket_id, option, qty, stake)
                  SELECT t.id, o, q, q::bigint * $9 FROM t, unnest($7::text[], $8::int[]) AS x(o, q) RETURNING 1),
            d AS (INSERT INTO daily_play (player_id, day, game_id, admin_id, play, win) VALUES ($2, $10, $4, $3, $5, 0)
                  ON CONFLICT (player_id, day, game_id) DO UPDATE SET play = daily_play.play + EXCLUDED.play RETURNING 1),
            p AS (SELECT td_add_player_day($2, $3, $10::date, $5::bigint, 0) FROM d)
       SELECT t.id, (SELECT count(*) FROM l)::int AS lines, (SELECT count(*) FROM d)::int AS days, (SELECT count(*) FROM p)::int AS player_days FROM t`,
      [roundId, player.id, adminId, game.id, stakeCents.toString(), now, options, options.map((o) => merged.get(o)), unit.toString(), dayKey(now)],
    );
    const ticketId = Number(ticket.id);
    // The move, then the admin's day of the game in the same statement, under the pool's lock the
    // move took (the lock every bet on the pool waits for: no second round trip while holding it).
    const moved = await moveThen(
      tx,
      { from: player.id, to: pool.accountId, cents: stakeCents, kind: 'bet', actor: player.id, message: `Bet on ${declaration!.gameName} #${window.drawNo}` },
      { call: `td_add_admin_game_day($7::bigint, $8::bigint, $9::date, $3::bigint, 0)`, params: [adminId, game.id, dayKey(now)] },
    );
    return {
      ticketId: String(ticketId),
      adminId,
      roundId: String(roundId),
      drawNo: window.drawNo,
      stakeCents,
      balanceCents: BigInt(Math.round((moved.fromBalance ?? 0) * 100)),
    };
  });
}
