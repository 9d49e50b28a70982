-- Marks again which players have day rows under an admin that is not on their path
-- (accounts.play_elsewhere, migration 0031): of some accounts (NULL: every account). After a move of
-- accounts, with their new paths, and after a restore (an older backup has no such column).
-- One join, not a probe per account: a restore sums this before player_days' keys are built again,
-- and a probe without them read the 3 M day rows once per account (100,000 accounts: hours).
-- PL/pgSQL plans its first calls with the argument's value, and goes on so while a plan for any
-- value would cost more, so a move's few ids still go by key.
CREATE OR REPLACE FUNCTION td_play_elsewhere_rebuild(p_accounts bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET play_elsewhere = s.elsewhere
    FROM (SELECT b.id, coalesce(bool_or(position('/' || d.admin_id || '/' in b.path) = 0), false) AS elsewhere
            FROM accounts b LEFT JOIN player_days d ON d.player_id = b.id
           WHERE p_accounts IS NULL OR b.id = ANY (p_accounts)
           GROUP BY b.id) s
   WHERE a.id = s.id AND a.play_elsewhere <> s.elsewhere;
END;
$$;
