import { GAMES } from '../../resources.config';
import type { GameDef } from '../../domain/games';
import type { Queryable } from './client';

/**
 * Gives the database every declared game it lacks (a new entry of resources/games.ts needs no
 * migration): run at every start, on both engines. Only a missing row is written: every column of
 * `games` is the operator's from then on (Game Master edits name, digits, description, publisher,
 * release date, status and logo; Time Master the round length), and a game the operator deleted
 * keeps its row, so it is not brought back. Returns the gameIds it added.
 */
export async function addDeclaredGames(q: Queryable, publisher: string, games: readonly GameDef[] = GAMES): Promise<string[]> {
  const added: string[] = [];
  for (const g of games) {
    const rows = await q.query(
      `INSERT INTO games (game_id, game_name, nodigit, time_seconds, publisher, description, release_date)
       VALUES ($1, $2, $3, $4, $5, $6, current_date) ON CONFLICT (game_id) DO NOTHING RETURNING game_id`,
      [g.gameId, g.gameName, g.nodigit, g.time, publisher, `${g.gameName} live game`],
    );
    if (rows.length) added.push(g.gameId);
  }
  return added;
}
