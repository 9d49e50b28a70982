-- A bet batch's play in every per-day figure, in its one statement (td_bet_batch): below the parents
-- (td_add_player_play), then the parents' (td_add_parents_play). A statement alone commits whether or
-- not its process is still running; a settlement or a void, several statements, runs the two apart.
CREATE OR REPLACE FUNCTION td_add_play(p_admin bigint, p_game bigint, p_players bigint[], p_days date[], p_play bigint[], p_win bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM td_add_player_play(p_admin, p_game, p_players, p_days, p_play, p_win);
  PERFORM td_add_parents_play(p_players, p_days, p_play, p_win);
END;
$$;
