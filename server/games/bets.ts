import type { GameDeclaration } from '../../domain/games';
import { GAME_TIER, declarationOf, gameDeclaration } from '../../resources.config';
import type { Database, Queryable } from '../db/client';
import { Coalescer } from '../db/coalesce';
import { col, rowsOf } from '../db/rows';
import { coded } from '../http/errors';
import { betQueues } from './betBatch';
import { CATALOGUE_GAME_COLUMNS, catalogueGameOf } from './repository';

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
export function normaliseLines(game: GameDeclaration, lines: readonly BetLine[]): Map<string, number> {
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

/** What a bet needs to know of its game and of the player's admin. */
interface BetTarget {
  declaration: GameDeclaration;
  gameDbId: number;
  timeSeconds: number;
  active: boolean;
  adminId: number | null;
  assigned: boolean;
}

const targetKey = (gameId: string, path: string) => `${gameId}\n${path}`;

/**
 * For each (game, player's path): the game, the player's admin (the nearest account of the game
 * tier above it) and whether the admin has the game, in one statement for them all.
 */
const betTargetRow = rowsOf({ game: col.text, path: col.text, id: col.id, time_seconds: col.int, active: col.bool, admin_id: col.nullable(col.id), assigned: col.bool });

async function findBetTargets(db: Queryable, keys: readonly string[]): Promise<Map<string, BetTarget | null>> {
  const pairs = keys.map((k) => k.split('\n'));
  const rows = await db.query(
    `SELECT x.game, x.path, g.id, g.time_seconds, ${CATALOGUE_GAME_COLUMNS('g')}, g.status = 'active' AS active, a.id AS admin_id,
            EXISTS (SELECT 1 FROM account_games ag WHERE ag.account_id = a.id AND ag.game_id = g.id) AS assigned
       FROM unnest($1::text[], $2::text[]) AS x(game, path)
       JOIN games g ON g.game_id = x.game AND g.deleted_at IS NULL
       LEFT JOIN LATERAL (SELECT id FROM accounts WHERE role = $3 AND deleted_at IS NULL AND x.path LIKE path || '%'
                          ORDER BY length(path) DESC LIMIT 1) a ON true`,
    [pairs.map(([g]) => g), pairs.map(([, p]) => p), GAME_TIER],
  );
  const out = new Map<string, BetTarget | null>();
  for (const raw of rows) {
    const r = betTargetRow(raw);
    out.set(targetKey(r.game, r.path), {
      declaration: declarationOf(catalogueGameOf(raw)),
      gameDbId: r.id,
      timeSeconds: r.time_seconds,
      active: r.active,
      adminId: r.admin_id,
      assigned: r.assigned,
    });
  }
  return out;
}

const targetReaders = new WeakMap<Database, Coalescer<string, BetTarget | null>>();

/**
 * The bets that arrive while one lookup runs are looked up together in the next: one statement per
 * burst instead of one per bet (the embedded engine runs statements one after the other; PostgreSQL
 * spends the cores the batches need on parsing and planning 200 copies of one query).
 */
async function betTarget(db: Database, gameId: string, path: string): Promise<BetTarget | null> {
  const key = targetKey(gameId, path);
  let reader = targetReaders.get(db);
  if (!reader) targetReaders.set(db, (reader = new Coalescer((keys) => findBetTargets(db, keys), null)));
  return reader.load(key);
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
  // A declared game's lines are checked before the look-up: a malformed bet costs no statement.
  const declared = gameDeclaration(gameId);
  if (declared) normaliseLines(declared, lines);
  const found = await betTarget(db, gameId, player.path);
  if (!found && !declared) throw coded(400, 'unknownGame');
  if (!found || !found.active || found.adminId === null || !found.assigned) throw coded(403, 'gameNotAvailable');
  const { adminId, declaration } = found;
  const merged = normaliseLines(declaration, lines);
  const unit = declaration.unitPriceCents;
  const stakeCents = [...merged.values()].reduce((s, qty) => s + unit * BigInt(qty), 0n);
  const options = [...merged.keys()];
  const outcome = await betQueues(db).submit({
    playerId: player.id,
    adminId,
    gameDbId: found.gameDbId,
    timeSeconds: found.timeSeconds,
    gameName: declaration.gameName,
    unitCents: unit,
    options,
    qtys: options.map((o) => merged.get(o)!),
    stakeCents,
    now,
  });
  if (!outcome.ok) throw outcome.error;
  return { ticketId: outcome.ticketId, adminId, roundId: outcome.roundId, drawNo: outcome.drawNo, stakeCents, balanceCents: outcome.balanceCents };
}
