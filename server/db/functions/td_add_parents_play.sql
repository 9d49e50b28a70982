-- The same play and wins per parent of the players and day (parent_days), what the accounts above the
-- players read: one write per parent and day, parent after parent in id order under the parents'
-- locks (td_lock_parents), taken after the players' accounts, which the caller holds. Every player of
-- a parent, in every game, waits for those locks: nothing is waited for after them, and a transaction
-- of several statements takes them in its last, sent with its COMMIT (Queryable.endWith).
CREATE OR REPLACE FUNCTION td_add_parents_play(p_players bigint[], p_days date[], p_play bigint[], p_win bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  PERFORM td_lock_parents(array_agg(a.parent_id)) FROM accounts a WHERE a.id = ANY (p_players);
  FOR r IN SELECT a.parent_id AS parent, x.day, sum(x.play)::bigint AS play, sum(x.win)::bigint AS win
             FROM unnest(p_players, p_days, p_play, p_win) AS x(player, day, play, win) JOIN accounts a ON a.id = x.player
            WHERE a.parent_id IS NOT NULL
            GROUP BY a.parent_id, x.day ORDER BY a.parent_id, x.day LOOP
    PERFORM td_add_parent_day(r.parent, r.day, r.play, r.win);
  END LOOP;
END;
$$;
