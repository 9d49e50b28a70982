-- Adds play and win of one admin, day and game to admin_game_days. Its writers (the bets and the
-- settlements of one pool) are ordered by the pool's account, which td_move locked before.
CREATE OR REPLACE FUNCTION td_add_admin_game_day(p_admin bigint, p_game bigint, p_day date, p_play bigint, p_win bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO admin_game_days (admin_id, day, game_id, play, win) VALUES (p_admin, p_day, p_game, p_play, p_win)
  ON CONFLICT (admin_id, day, game_id) DO UPDATE SET play = admin_game_days.play + EXCLUDED.play, win = admin_game_days.win + EXCLUDED.win;
$$;
