-- td_add_play in sets: a batch of bets (or a settlement's wins) adds to admin_game_days in one
-- statement, and to player_days in one statement for every player that appears once and already
-- has its row of the day (nearly all of them: a player's first play of a day is the exception).
-- The rest (a player's first play of the day, or a player twice in one call: a batch across
-- midnight) take td_add_player_day one at a time, as before. Same locks, in the same order: the
-- players' account rows in id order (the batch and the settlement hold them already).
-- The rows of a td_add_play call that add something, each marked bulk when its player appears once
-- and already has its row of that day.
CREATE OR REPLACE FUNCTION td_play_split(p_admin bigint, p_players bigint[], p_days date[], p_play bigint[], p_win bigint[])
RETURNS TABLE (player bigint, day date, play bigint, win bigint, bulk boolean) LANGUAGE sql STABLE AS $$
  SELECT x.player, x.day, x.play, x.win,
         count(*) OVER (PARTITION BY x.player) = 1
           AND EXISTS (SELECT 1 FROM player_days e WHERE e.player_id = x.player AND e.admin_id = p_admin AND e.day = x.day)
    FROM unnest(p_players, p_days, p_play, p_win) AS x(player, day, play, win)
   WHERE x.play <> 0 OR x.win <> 0;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION td_add_play(p_admin bigint, p_game bigint, p_players bigint[], p_days date[], p_play bigint[], p_win bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  INSERT INTO admin_game_days (admin_id, day, game_id, play, win)
  SELECT p_admin, x.day, p_game, sum(x.play)::bigint, sum(x.win)::bigint
    FROM unnest(p_days, p_play, p_win) AS x(day, play, win)
   GROUP BY x.day
   ORDER BY x.day
  ON CONFLICT (admin_id, day, game_id) DO UPDATE SET play = admin_game_days.play + EXCLUDED.play, win = admin_game_days.win + EXCLUDED.win;

  PERFORM 1 FROM accounts WHERE id = ANY (p_players) ORDER BY id FOR NO KEY UPDATE;

  -- The day's row and the running totals of every later row, for the players with their day's row.
  UPDATE player_days p
     SET play = p.play + CASE WHEN p.day = i.day THEN i.play ELSE 0 END,
         win = p.win + CASE WHEN p.day = i.day THEN i.win ELSE 0 END,
         run_play = p.run_play + i.play,
         run_win = p.run_win + i.win
    FROM td_play_split(p_admin, p_players, p_days, p_play, p_win) i
   WHERE i.bulk AND p.player_id = i.player AND p.admin_id = p_admin AND p.day >= i.day;

  -- The update made no row: the split reads the same rows again.
  FOR r IN SELECT i.player, i.day, i.play, i.win FROM td_play_split(p_admin, p_players, p_days, p_play, p_win) i WHERE NOT i.bulk ORDER BY i.player, i.day LOOP
    PERFORM td_add_player_day(r.player, p_admin, r.day, r.play, r.win);
  END LOOP;
END;
$$;
