import { gameDeclaration, roundWindow } from '../../domain/games';
import { dayKey } from '../../domain/periods';
import type { Database } from '../db/client';
import { move } from '../credit/ledger';
import { HttpError, badRequest, forbidden } from '../http/errors';
import { adminHasGame, adminOf, ensurePool, ensureRound, findGame, upsertDailyPlay } from './repository';

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
  const game = await findGame(db, gameId);
  if (!game || !game.active) throw forbidden('This game is not available to you.');
  const adminId = await adminOf(db, player.path);
  if (adminId === null || !(await adminHasGame(db, adminId, game.id))) throw forbidden('This game is not available to you.');
  return db.transaction(async (tx) => {
    const pool = await ensurePool(tx, adminId, game.id);
    const window = roundWindow(now, game.timeSeconds);
    const roundId = await ensureRound(tx, adminId, game.id, window);
    // FOR SHARE: bets of one round run side by side, and the settlement (FOR UPDATE) waits for them.
    const round = (await tx.query(`SELECT status, closes_at FROM rounds WHERE id = $1 FOR SHARE`, [roundId]))[0];
    if (round.status !== 'open' || new Date(String(round.closes_at)).getTime() <= now.getTime()) {
      throw new HttpError(409, 'This round is closed. Bet on the next one.');
    }
    const moved = await move(tx, { from: player.id, to: pool.accountId, cents: stakeCents, kind: 'bet', actor: player.id, message: `Bet on ${declaration!.gameName} #${window.drawNo}` });
    const ticket = await tx.query(
      `INSERT INTO tickets (round_id, player_id, admin_id, game_id, stake, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [roundId, player.id, adminId, game.id, stakeCents.toString(), now],
    );
    const ticketId = Number(ticket[0].id);
    const options = [...merged.keys()];
    await tx.query(
      `INSERT INTO ticket_lines (ticket_id, option, qty, stake)
       SELECT $1, o, q, q::bigint * $4 FROM unnest($2::text[], $3::int[]) AS l(o, q)`,
      [ticketId, options, options.map((o) => merged.get(o)), unit.toString()],
    );
    await upsertDailyPlay(tx, { playerId: player.id, day: dayKey(now), gameDbId: game.id, adminId, play: stakeCents, win: 0n });
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
