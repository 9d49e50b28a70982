-- The play and wins of a batch of bets, or of a settlement's wins or a void's refunds, in the per-day
-- figures below the parents and the players' pending play: per day of the admin's game in one statement, then per player and day in
-- the order given (sorted by player and day), after the caller locked the pool's and the players'
-- accounts. A player's newest day row (until IS NULL: a bet's always is) is a single-row update by
-- player_days' whole key, whose plan is cached (a join on the day as a range read the admin's rows
-- once per player on a table without fresh statistics); a play on an older day (a settlement after
-- midnight) or a new day takes td_add_player_day, which moves the later rows' running totals.
-- The parents' figures are td_add_parents_play's: a settlement runs that last (see td_add_play).
CREATE OR REPLACE FUNCTION td_add_player_play(p_admin bigint, p_game bigint, p_players bigint[], p_days date[], p_play bigint[], p_win bigint[])
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

  -- Their pending play: the play of days after their commission was last paid (a settlement's wins
  -- change none of it, and write nothing here).
  UPDATE accounts a SET pending_play = a.pending_play + s.play
    FROM (SELECT x.player, sum(x.play)::bigint AS play FROM unnest(p_players, p_days, p_play) AS x(player, day, play)
            JOIN accounts b ON b.id = x.player
           WHERE x.play <> 0 AND x.day > coalesce(b.commission_paid_through, '-infinity'::date) GROUP BY x.player) s
   WHERE a.id = s.player AND s.play <> 0;

  -- A player whose play is written under an admin off its path (a bet taken for its old network as it
  -- was moved) has rows elsewhere: a send reads those by key (migration 0031).
  UPDATE accounts SET play_elsewhere = true
   WHERE id = ANY (p_players) AND NOT play_elsewhere AND position('/' || p_admin || '/' in path) = 0;

  -- Oldest day first: a new day's row takes the running totals of the rows before it.
  FOR r IN SELECT x.player, x.day, x.play, x.win FROM unnest(p_players, p_days, p_play, p_win) AS x(player, day, play, win)
            WHERE x.play <> 0 OR x.win <> 0 ORDER BY x.player, x.day LOOP
    UPDATE player_days SET play = play + r.play, win = win + r.win, run_play = run_play + r.play, run_win = run_win + r.win
     WHERE player_id = r.player AND admin_id = p_admin AND day = r.day AND until IS NULL;
    IF NOT FOUND THEN
      PERFORM td_add_player_day(r.player, p_admin, r.day, r.play, r.win);
    END IF;
  END LOOP;
END;
$$;
