-- Clear History of one admin's per-day play figures in a range of days, for a batch of its players, in
-- one statement (its own short transaction): their daily_play rows of the range go, the admin's day of
-- each game (admin_game_days) loses what they held, and the players' player_days rows from the first
-- day on are counted again from the daily_play rows left (the rows after the range keep their days,
-- their running totals without the cleared play), and their parents' figures (parent_days) are
-- counted again. Answers how many daily_play rows went.
-- It takes the locks in the order every bet, settlement and void takes them, so it waits for them
-- and they for it, never in a cycle: the day rows (by player, day and game), the players' accounts
-- (by id: they order the writers of a player's player_days rows), then the admin's days of the
-- games (by day and game). Only the batch's players' bets wait for it, and for milliseconds; the
-- other players of the admin wait only where they add to the same admin_game_days row. A bet arriving
-- meanwhile writes rows of its own (a day row this removed is made anew, after this commits), which
-- this neither counts nor removes: the figures hold every bet either way.
-- A lock held past 3 s means a stopped holder (as for td_bet_batch): the batch fails and is retried.
CREATE OR REPLACE FUNCTION td_clear_play(p_admin bigint, p_from date, p_to date, p_players bigint[])
RETURNS integer LANGUAGE plpgsql
SET lock_timeout = '3s' AS $$
DECLARE
  v_players bigint[];
  v_days date[];
  v_games bigint[];
  v_play bigint[];
  v_win bigint[];
  v_who bigint[];
  v_parents bigint[];
BEGIN
  -- The rows to clear, locked as bets lock theirs: their values are the ones removed below.
  SELECT array_agg(x.player_id), array_agg(x.day), array_agg(x.game_id), array_agg(x.play), array_agg(x.win)
    INTO v_players, v_days, v_games, v_play, v_win
    FROM (SELECT d.player_id, d.day, d.game_id, d.play, d.win FROM daily_play d
           WHERE d.player_id = ANY (p_players) AND d.day BETWEEN p_from AND p_to AND d.admin_id = p_admin
           ORDER BY d.player_id, d.day, d.game_id FOR UPDATE) x;
  IF v_players IS NULL THEN
    RETURN 0;
  END IF;
  v_who := ARRAY(SELECT DISTINCT p FROM unnest(v_players) AS p ORDER BY p);
  PERFORM 1 FROM accounts WHERE id = ANY (v_who) ORDER BY id FOR NO KEY UPDATE;

  -- Their pending play loses the cleared play of days after their commission was last paid.
  UPDATE accounts a SET pending_play = a.pending_play - s.play
    FROM (SELECT x.p, sum(x.play)::bigint AS play FROM unnest(v_players, v_days, v_play) AS x(p, day, play)
            JOIN accounts b ON b.id = x.p
           WHERE x.day > coalesce(b.commission_paid_through, '-infinity'::date) GROUP BY x.p) s
   WHERE a.id = s.p AND s.play <> 0;

  DELETE FROM daily_play d USING unnest(v_players, v_days, v_games) AS x(p, day, g)
   WHERE d.player_id = x.p AND d.day = x.day AND d.game_id = x.g;

  -- The admin's days of the games: what the removed rows held comes off; a day left at nothing goes.
  PERFORM 1 FROM admin_game_days a
    WHERE a.admin_id = p_admin AND (a.day, a.game_id) IN (SELECT x.day, x.g FROM unnest(v_days, v_games) AS x(day, g))
    ORDER BY a.day, a.game_id FOR UPDATE;
  UPDATE admin_game_days a SET play = a.play - s.play, win = a.win - s.win
    FROM (SELECT x.day, x.g, sum(x.play)::bigint AS play, sum(x.win)::bigint AS win
            FROM unnest(v_days, v_games, v_play, v_win) AS x(day, g, play, win) GROUP BY x.day, x.g) s
   WHERE a.admin_id = p_admin AND a.day = s.day AND a.game_id = s.g;
  DELETE FROM admin_game_days a
   WHERE a.admin_id = p_admin AND (a.day, a.game_id) IN (SELECT x.day, x.g FROM unnest(v_days, v_games) AS x(day, g))
     AND a.play = 0 AND a.win = 0;

  -- The players' rows from the first cleared day on, counted again from their day rows left, after
  -- the running totals of their row before that day (whose time in force then ends at the next row).
  DELETE FROM player_days WHERE admin_id = p_admin AND player_id = ANY (v_who) AND day >= p_from;
  INSERT INTO player_days (player_id, admin_id, day, until, play, win, run_play, run_win)
  SELECT d.player_id, p_admin, d.day, lead(d.day) OVER w, d.play, d.win,
         coalesce(b.run_play, 0) + (sum(d.play) OVER w)::bigint, coalesce(b.run_win, 0) + (sum(d.win) OVER w)::bigint
    FROM (SELECT player_id, day, sum(play)::bigint AS play, sum(win)::bigint AS win FROM daily_play
           WHERE player_id = ANY (v_who) AND day >= p_from AND admin_id = p_admin GROUP BY 1, 2) d
    LEFT JOIN LATERAL (SELECT p.run_play, p.run_win FROM player_days p
                        WHERE p.player_id = d.player_id AND p.admin_id = p_admin AND p.day < p_from ORDER BY p.day DESC LIMIT 1) b ON true
  WINDOW w AS (PARTITION BY d.player_id ORDER BY d.day)
  ORDER BY d.day, d.player_id;
  UPDATE player_days p
     SET until = (SELECT min(n.day) FROM player_days n WHERE n.player_id = p.player_id AND n.admin_id = p_admin AND n.day >= p_from)
   WHERE p.admin_id = p_admin AND p.player_id = ANY (v_who) AND p.day < p_from AND (p.until IS NULL OR p.until >= p_from);

  -- Their parents' figures (parent_days) counted again from their players' rows, under the parents'
  -- locks, taken after the players' accounts as a bet takes them: a bet of another of their players
  -- either committed before (its rows are counted here) or adds its figures after this commits.
  v_parents := ARRAY(SELECT DISTINCT a.parent_id FROM accounts a WHERE a.id = ANY (v_who) AND a.parent_id IS NOT NULL ORDER BY 1);
  PERFORM td_lock_parents(v_parents);
  PERFORM td_parent_days_rebuild(v_parents);

  RETURN cardinality(v_players);
END;
$$;
