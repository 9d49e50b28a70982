-- Adds play and win of one player, admin and day to player_days: to the day's row and the running
-- totals of every row from that day on; when the day has no row yet, it is made with the running
-- totals of the row before it plus the day's (that row's time in force then ends on the new day,
-- the new row's at the next row's day, if any). The player's account row orders the writers of its
-- rows (a bet and a settlement hold it already, from td_move): each statement below then reads what
-- the previous writer committed (READ COMMITTED).
CREATE OR REPLACE FUNCTION td_add_player_day(p_player bigint, p_admin bigint, p_day date, p_play bigint, p_win bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_found boolean;
  v_prev date;
  v_play bigint;
  v_win bigint;
BEGIN
  IF p_play = 0 AND p_win = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM accounts WHERE id = p_player FOR NO KEY UPDATE;
  -- Nearly always one row: the player's newest, of the day.
  WITH u AS (
    UPDATE player_days
       SET play = play + CASE WHEN day = p_day THEN p_play ELSE 0 END,
           win = win + CASE WHEN day = p_day THEN p_win ELSE 0 END,
           run_play = run_play + p_play,
           run_win = run_win + p_win
     WHERE player_id = p_player AND admin_id = p_admin AND day >= p_day
    RETURNING day)
  SELECT coalesce(bool_or(u.day = p_day), false) INTO v_found FROM u;
  IF NOT v_found THEN
    SELECT d.day, d.run_play, d.run_win INTO v_prev, v_play, v_win FROM player_days d
     WHERE d.player_id = p_player AND d.admin_id = p_admin AND d.day < p_day ORDER BY d.day DESC LIMIT 1;
    IF FOUND THEN
      UPDATE player_days SET until = p_day WHERE player_id = p_player AND admin_id = p_admin AND day = v_prev;
    END IF;
    INSERT INTO player_days (player_id, admin_id, day, until, play, win, run_play, run_win)
    VALUES (p_player, p_admin, p_day,
            (SELECT min(n.day) FROM player_days n WHERE n.player_id = p_player AND n.admin_id = p_admin AND n.day > p_day),
            p_play, p_win, coalesce(v_play, 0) + p_play, coalesce(v_win, 0) + p_win);
  END IF;
END;
$$;
