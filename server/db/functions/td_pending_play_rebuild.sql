-- Counts the players' pending play (accounts.pending_play: play on the days after their commission
-- was last paid) again from their player_days rows: of some players (NULL: every account). After a
-- restore (an older backup has no such column), and after the per-day figures were rebuilt. The
-- caller holds what orders the writers: the players' account locks, or the tables' lock.
CREATE OR REPLACE FUNCTION td_pending_play_rebuild(p_players bigint[])
RETURNS void LANGUAGE sql AS $$
  UPDATE accounts a SET pending_play = coalesce(s.play, 0)
    FROM accounts b
    LEFT JOIN (SELECT d.player_id, sum(d.play)::bigint AS play
                 FROM player_days d JOIN accounts c ON c.id = d.player_id
                WHERE d.day > coalesce(c.commission_paid_through, '-infinity'::date)
                  AND (p_players IS NULL OR d.player_id = ANY (p_players))
                GROUP BY 1) s ON s.player_id = b.id
   WHERE a.id = b.id AND (p_players IS NULL OR b.id = ANY (p_players)) AND a.pending_play <> coalesce(s.play, 0);
$$;
