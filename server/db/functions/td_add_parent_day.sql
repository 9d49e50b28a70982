-- Adds play and win of one parent of players and day to parent_days: to the day's row and the
-- running totals of every row from that day on (nearly always one row: the parent's newest, of the
-- day); when the day has no row yet, it is made with the running totals of the row before it plus
-- the day's. The caller holds the parent's lock (td_lock_parents), which orders every writer of the
-- parent's rows: each statement below then reads what the previous writer committed (READ COMMITTED).
CREATE OR REPLACE FUNCTION td_add_parent_day(p_parent bigint, p_day date, p_play bigint, p_win bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_found boolean;
BEGIN
  IF p_play = 0 AND p_win = 0 THEN
    RETURN;
  END IF;
  WITH u AS (
    UPDATE parent_days
       SET play = play + CASE WHEN day = p_day THEN p_play ELSE 0 END,
           win = win + CASE WHEN day = p_day THEN p_win ELSE 0 END,
           run_play = run_play + p_play,
           run_win = run_win + p_win
     WHERE account_id = p_parent AND day >= p_day
    RETURNING day)
  SELECT coalesce(bool_or(u.day = p_day), false) INTO v_found FROM u;
  IF NOT v_found THEN
    INSERT INTO parent_days (account_id, day, play, win, run_play, run_win)
    SELECT p_parent, p_day, p_play, p_win, coalesce(max(b.run_play), 0) + p_play, coalesce(max(b.run_win), 0) + p_win
      FROM (SELECT d.run_play, d.run_win FROM parent_days d WHERE d.account_id = p_parent AND d.day < p_day ORDER BY d.day DESC LIMIT 1) b;
  END IF;
END;
$$;
