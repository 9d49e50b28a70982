-- Marks again which players have day rows under an admin that is not on their path
-- (accounts.play_elsewhere, migration 0031): of some accounts (NULL: every account). After a move of
-- accounts, with their new paths, and after a restore (an older backup has no such column).
CREATE OR REPLACE FUNCTION td_play_elsewhere_rebuild(p_accounts bigint[])
RETURNS void LANGUAGE sql AS $$
  UPDATE accounts a SET play_elsewhere = s.elsewhere
    FROM (SELECT b.id, EXISTS (SELECT 1 FROM player_days d WHERE d.player_id = b.id AND position('/' || d.admin_id || '/' in b.path) = 0) AS elsewhere
            FROM accounts b WHERE p_accounts IS NULL OR b.id = ANY (p_accounts)) s
   WHERE a.id = s.id AND a.play_elsewhere <> s.elsewhere;
$$;
