-- Counts the parent_days rows of some parents (NULL: every parent) again from player_days: each
-- parent's players' play per day (deleted ones too: a read takes those back out), with the running
-- totals. A player moved to another parent leaves its old parent's figures this way; Clear History
-- and a restore count them again too. The caller holds what orders the writers: the tables' lock (a rebuild of every figure), or the
-- parents' players' account locks then the parents' locks (td_lock_parents).
CREATE OR REPLACE FUNCTION td_parent_days_rebuild(p_parents bigint[])
RETURNS void LANGUAGE sql AS $$
  DELETE FROM parent_days WHERE p_parents IS NULL OR account_id = ANY (p_parents);
  INSERT INTO parent_days (account_id, day, play, win, run_play, run_win)
  SELECT s.parent, s.day, s.play, s.win, (sum(s.play) OVER w)::bigint, (sum(s.win) OVER w)::bigint
    FROM (SELECT a.parent_id AS parent, d.day, sum(d.play)::bigint AS play, sum(d.win)::bigint AS win
            FROM player_days d JOIN accounts a ON a.id = d.player_id
           WHERE a.parent_id IS NOT NULL AND (p_parents IS NULL OR a.parent_id = ANY (p_parents))
           GROUP BY 1, 2) s
  WINDOW w AS (PARTITION BY s.parent ORDER BY s.day);
$$;
