CREATE TABLE "admin_game_days" (
	"admin_id" bigint NOT NULL,
	"day" date NOT NULL,
	"game_id" bigint NOT NULL,
	"play" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_game_days_admin_id_day_game_id_pk" PRIMARY KEY("admin_id","day","game_id")
);
--> statement-breakpoint
CREATE TABLE "player_days" (
	"player_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"day" date NOT NULL,
	"until" date,
	"play" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"run_play" bigint DEFAULT 0 NOT NULL,
	"run_win" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "player_days_player_id_admin_id_day_pk" PRIMARY KEY("player_id","admin_id","day")
);
--> statement-breakpoint
-- Backfill from the per-day rows already written (before the other indexes: one build, not a row
-- at a time), day after day as bets write them, so the rows in force on one day sit together.
INSERT INTO "admin_game_days" ("admin_id", "day", "game_id", "play", "win")
SELECT "admin_id", "day", "game_id", sum("play")::bigint, sum("win")::bigint FROM "daily_play" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "player_days" ("player_id", "admin_id", "day", "until", "play", "win", "run_play", "run_win")
SELECT "player_id", "admin_id", "day", lead("day") OVER w, "play", "win", (sum("play") OVER w)::bigint, (sum("win") OVER w)::bigint
  FROM (SELECT "player_id", "admin_id", "day", sum("play")::bigint AS "play", sum("win")::bigint AS "win" FROM "daily_play" GROUP BY 1, 2, 3) d
WINDOW w AS (PARTITION BY "player_id", "admin_id" ORDER BY "day")
ORDER BY "day";
--> statement-breakpoint
CREATE INDEX "player_days_in_force_idx" ON "player_days" USING gist (daterange("day", "until"));--> statement-breakpoint
CREATE INDEX "player_days_admin_day_idx" ON "player_days" USING btree ("admin_id","day");--> statement-breakpoint
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
--> statement-breakpoint
-- Adds play and win of one admin, day and game to admin_game_days. Its writers (the bets and the
-- settlements of one pool) are ordered by the pool's account, which td_move locked before.
CREATE OR REPLACE FUNCTION td_add_admin_game_day(p_admin bigint, p_game bigint, p_day date, p_play bigint, p_win bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO admin_game_days (admin_id, day, game_id, play, win) VALUES (p_admin, p_day, p_game, p_play, p_win)
  ON CONFLICT (admin_id, day, game_id) DO UPDATE SET play = admin_game_days.play + EXCLUDED.play, win = admin_game_days.win + EXCLUDED.win;
$$;
--> statement-breakpoint
-- A settlement's wins in both: per day of the admin's game, then per player and day in the order
-- given (sorted by player and day), after its moves locked the pool's and the winners' accounts.
CREATE OR REPLACE FUNCTION td_add_play(p_admin bigint, p_game bigint, p_players bigint[], p_days date[], p_play bigint[], p_win bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN SELECT x.day, sum(x.play)::bigint AS play, sum(x.win)::bigint AS win FROM unnest(p_days, p_play, p_win) AS x(day, play, win) GROUP BY x.day ORDER BY x.day LOOP
    PERFORM td_add_admin_game_day(p_admin, p_game, d.day, d.play, d.win);
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(p_players, 1), 0) LOOP
    PERFORM td_add_player_day(p_players[i], p_admin, p_days[i], p_play[i], p_win[i]);
  END LOOP;
END;
$$;
--> statement-breakpoint
ANALYZE "player_days";--> statement-breakpoint
ANALYZE "admin_game_days";
