import type { Queryable } from '../../server/db/client';

/**
 * What must hold in the database once every round of a run is settled, each check answering the rows
 * that break it (empty when it holds), so a failure shows the culprits:
 *   - debits: per player and round, the 'bet' movements ("Bet on <game> #<draw>") are the tickets,
 *     in number and in sum (no ticket without its debit, no debit without its ticket);
 *   - unsettled: tickets without settled_at;
 *   - doublePaid: tickets with more than one 'win' movement;
 *   - winMismatch: a ticket's win that is not the sum of its win movements;
 *   - roundMismatch: a settled round whose play and win are not its tickets' sums.
 */
export async function settlementFaults(db: Queryable): Promise<Record<'debits' | 'unsettled' | 'doublePaid' | 'winMismatch' | 'roundMismatch', unknown[]>> {
  const debits = await db.query(
    `WITH t AS (SELECT t.player_id, 'Bet on ' || g.game_name || ' #' || r.draw_no AS msg, count(*) AS n, sum(t.stake) AS s
                  FROM tickets t JOIN rounds r ON r.id = t.round_id JOIN games g ON g.id = t.game_id GROUP BY 1, 2),
          b AS (SELECT from_id AS player_id, message AS msg, count(*) AS n, sum(amount) AS s FROM transactions WHERE kind = 'bet' GROUP BY 1, 2)
     SELECT t.player_id, b.player_id AS debited, coalesce(t.msg, b.msg) AS msg, t.n AS tickets, b.n AS debits, t.s::text AS stakes, b.s::text AS debited_sum
       FROM t FULL JOIN b ON b.player_id = t.player_id AND b.msg = t.msg
      WHERE t.n IS DISTINCT FROM b.n OR t.s IS DISTINCT FROM b.s LIMIT 20`,
  );
  const unsettled = await db.query(`SELECT id FROM tickets WHERE settled_at IS NULL LIMIT 20`);
  const doublePaid = await db.query(
    `SELECT substring(message from 'ticket ([0-9]+)$') AS ticket, count(*)::int AS n FROM transactions WHERE kind = 'win' GROUP BY 1 HAVING count(*) > 1 LIMIT 20`,
  );
  const winMismatch = await db.query(
    `WITH w AS (SELECT substring(message from 'ticket ([0-9]+)$')::bigint AS ticket_id, sum(amount) AS s FROM transactions WHERE kind = 'win' GROUP BY 1)
     SELECT t.id, w.ticket_id, t.win::text AS win, w.s::text AS paid FROM tickets t FULL JOIN w ON w.ticket_id = t.id
      WHERE coalesce(t.win, -1) <> coalesce(w.s, 0) LIMIT 20`,
  );
  const roundMismatch = await db.query(
    `SELECT r.id, r.play_cents::text AS play, r.win_cents::text AS win, x.stake::text AS stake, x.won::text AS won
       FROM rounds r LEFT JOIN (SELECT round_id, sum(stake) AS stake, sum(win) AS won FROM tickets GROUP BY 1) x ON x.round_id = r.id
      WHERE r.status = 'settled' AND (r.play_cents <> coalesce(x.stake, 0) OR r.win_cents <> coalesce(x.won, 0)) LIMIT 20`,
  );
  return { debits, unsettled, doublePaid, winMismatch, roundMismatch };
}

export const NO_SETTLEMENT_FAULTS = { debits: [], unsettled: [], doublePaid: [], winMismatch: [], roundMismatch: [] };
