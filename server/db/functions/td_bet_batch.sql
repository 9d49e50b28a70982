-- One pool's batch of bets in one call: the server used to send a dozen statements per batch, each a
-- round trip while the batch held the pool's wallet lock; this function runs them where the rows are.
-- Same rules, same locks in the same order as before (and as a settlement's): the rounds (shared),
-- the players' day rows, every wallet (players and pool) at once in id order, then the coarser day
-- figures (td_add_play). Each bet gets its own outcome, in the order given:
--   status 0 accepted (ticket, round, balance after), 1 round closed, 2 balance too low,
--   3 the player is gone (deleted since it was looked up).
-- No row at all: the pool does not exist yet; nothing was written (the server makes it and calls again).
-- A bet is accepted, in order, while its player's balance covers it: a refused bet does not hold
-- the player's next, smaller one. The day rows are written for the bets the unlocked balances
-- allow, before the wallets are locked; a bet refused once they are locked (another pool's bet spent
-- the points meanwhile) takes its play back out of the row this call already holds.
-- A bet waits 3 s at most for a lock another transaction holds (a pool's wallet, a player's day
-- row): held longer, the holder has stopped (a frozen process keeps its transaction open until the
-- server ends it), and the bet fails with lock_not_available, which the server answers 503 "busy, try
-- again" instead of hanging. A healthy holder holds these rows for milliseconds. Set on the function
-- (CREATE OR REPLACE resets what ALTER FUNCTION set), so it costs the bet no round trip.
CREATE OR REPLACE FUNCTION td_bet_batch(
  p_admin bigint, p_game bigint, p_unit bigint,
  p_players bigint[], p_stakes bigint[], p_now timestamptz[], p_days date[],
  p_draws bigint[], p_opens timestamptz[], p_closes timestamptz[], p_messages text[],
  p_line_bet int[], p_line_option text[], p_line_qty int[])
RETURNS TABLE (bet_status smallint, bet_ticket bigint, bet_round bigint, bet_balance bigint) LANGUAGE plpgsql
SET lock_timeout = '3s' AS $$
DECLARE
  n int := cardinality(p_players);
  v_pool bigint;
  v_pool_before bigint;
  v_total bigint;
  st smallint[] := array_fill(0::smallint, ARRAY[n]);
  tentative boolean[] := array_fill(false, ARRAY[n]);
  ok boolean[] := array_fill(false, ARRAY[n]);
  rid bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  tid bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  after bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  r record;
  cur bigint;
  left_ bigint;
  v_tickets regclass := pg_get_serial_sequence('tickets', 'id')::regclass;
BEGIN
  SELECT account_id INTO v_pool FROM game_pools WHERE admin_id = p_admin AND game_id = p_game;
  IF v_pool IS NULL THEN RETURN; END IF;

  -- The batch's rounds: made when missing (read first: a no-op upsert would lock the row), then
  -- held shared, so batches of one round run side by side and the settlement (FOR UPDATE) waits.
  INSERT INTO rounds (admin_id, game_id, draw_no, opens_at, closes_at)
  SELECT DISTINCT ON (x.d) p_admin, p_game, x.d, x.o, x.c FROM unnest(p_draws, p_opens, p_closes) AS x(d, o, c)
   WHERE NOT EXISTS (SELECT 1 FROM rounds e WHERE e.admin_id = p_admin AND e.game_id = p_game AND e.draw_no = x.d)
   ORDER BY x.d
  ON CONFLICT (admin_id, game_id, draw_no) DO NOTHING;
  FOR r IN SELECT e.id, e.draw_no, e.status = 'open' AS open, e.closes_at FROM rounds e
            WHERE e.admin_id = p_admin AND e.game_id = p_game AND e.draw_no = ANY (p_draws) ORDER BY e.id FOR SHARE LOOP
    FOR i IN 1 .. n LOOP
      IF p_draws[i] = r.draw_no THEN
        rid[i] := r.id;
        IF NOT r.open OR r.closes_at <= p_now[i] THEN st[i] := 1; END IF;
      END IF;
    END LOOP;
  END LOOP;

  -- Which bets the balances read now allow.
  cur := NULL;
  FOR r IN SELECT x.i::int AS i, x.p, x.s, a.wallet_balance AS b
             FROM unnest(p_players, p_stakes) WITH ORDINALITY AS x(p, s, i)
             LEFT JOIN accounts a ON a.id = x.p AND a.deleted_at IS NULL
            WHERE st[x.i::int] = 0 ORDER BY x.p, x.i LOOP
    IF cur IS DISTINCT FROM r.p THEN cur := r.p; left_ := r.b; END IF;
    IF left_ IS NOT NULL AND left_ >= r.s THEN left_ := left_ - r.s; tentative[r.i] := true; END IF;
  END LOOP;

  INSERT INTO daily_play (player_id, day, game_id, admin_id, play, win)
  SELECT x.p, x.d, p_game, p_admin, sum(x.s)::bigint, 0 FROM unnest(p_players, p_days, p_stakes) WITH ORDINALITY AS x(p, d, s, i)
   WHERE tentative[x.i::int] GROUP BY x.p, x.d ORDER BY x.p, x.d
  ON CONFLICT (player_id, day, game_id) DO UPDATE SET play = daily_play.play + EXCLUDED.play;

  -- Every wallet at once, in id order; then the same rule on the locked balances.
  PERFORM 1 FROM accounts
    WHERE id = ANY (ARRAY(SELECT x.p FROM unnest(p_players) WITH ORDINALITY AS x(p, i) WHERE st[x.i::int] = 0) || v_pool) AND deleted_at IS NULL
    ORDER BY id FOR NO KEY UPDATE;
  SELECT wallet_balance INTO v_pool_before FROM accounts WHERE id = v_pool;
  cur := NULL;
  FOR r IN SELECT x.i::int AS i, x.p, x.s, a.wallet_balance AS b
             FROM unnest(p_players, p_stakes) WITH ORDINALITY AS x(p, s, i)
             LEFT JOIN accounts a ON a.id = x.p AND a.deleted_at IS NULL
            WHERE st[x.i::int] = 0 ORDER BY x.p, x.i LOOP
    IF cur IS DISTINCT FROM r.p THEN cur := r.p; left_ := r.b; END IF;
    IF tentative[r.i] AND left_ >= r.s THEN
      left_ := left_ - r.s; ok[r.i] := true;
    ELSE
      st[r.i] := CASE WHEN r.b IS NULL THEN 3 ELSE 2 END;
    END IF;
  END LOOP;

  -- Day rows written for a bet the locked balances refused.
  UPDATE daily_play d SET play = d.play - x.s
    FROM (SELECT y.p, y.d, sum(y.s)::bigint AS s FROM unnest(p_players, p_days, p_stakes) WITH ORDINALITY AS y(p, d, s, i)
           WHERE tentative[y.i::int] AND NOT ok[y.i::int] GROUP BY y.p, y.d) x
   WHERE d.player_id = x.p AND d.day = x.d AND d.game_id = p_game;

  IF NOT (true = ANY (ok)) THEN
    RETURN QUERY SELECT st[i], NULL::bigint, rid[i], NULL::bigint FROM generate_series(1, n) AS i ORDER BY i;
    RETURN;
  END IF;

  -- Balances after each bet, in the order the ledger rows are written, and the tickets' ids.
  FOR r IN SELECT x.i::int AS i, (a.wallet_balance - sum(x.s) OVER (PARTITION BY x.p ORDER BY x.i))::bigint AS fa
             FROM unnest(p_players, p_stakes) WITH ORDINALITY AS x(p, s, i) JOIN accounts a ON a.id = x.p
            WHERE ok[x.i::int] ORDER BY x.i LOOP
    after[r.i] := r.fa;
    tid[r.i] := nextval(v_tickets);
  END LOOP;

  SELECT sum(x.s)::bigint INTO v_total FROM unnest(p_stakes) WITH ORDINALITY AS x(s, i) WHERE ok[x.i::int];
  UPDATE accounts a SET wallet_balance = a.wallet_balance - d.s
    FROM (SELECT x.p, sum(x.s)::bigint AS s FROM unnest(p_players, p_stakes) WITH ORDINALITY AS x(p, s, i) WHERE ok[x.i::int] GROUP BY x.p) d
   WHERE a.id = d.p;
  UPDATE accounts SET wallet_balance = wallet_balance + v_total WHERE id = v_pool;
  INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, message, from_balance_after, to_balance_after)
  SELECT x.p, v_pool, x.s, 'bet', x.p, x.m, after[x.i::int], (v_pool_before + sum(x.s) OVER (ORDER BY x.i))::bigint
    FROM unnest(p_players, p_stakes, p_messages) WITH ORDINALITY AS x(p, s, m, i) WHERE ok[x.i::int] ORDER BY x.i;

  INSERT INTO tickets (id, round_id, player_id, admin_id, game_id, stake, created_at)
  SELECT tid[x.i::int], rid[x.i::int], x.p, p_admin, p_game, x.s, x.t
    FROM unnest(p_players, p_stakes, p_now) WITH ORDINALITY AS x(p, s, t, i) WHERE ok[x.i::int] ORDER BY x.i;
  -- The round's running sums: a console reads them, not every line. Only this pool's batches write
  -- them, already ordered by the pool's wallet lock.
  INSERT INTO round_sums (round_id, option, stake)
  SELECT rid[l.b], l.o, sum(l.q)::bigint * p_unit FROM unnest(p_line_bet, p_line_option, p_line_qty) AS l(b, o, q)
   WHERE ok[l.b] GROUP BY rid[l.b], l.o ORDER BY rid[l.b], l.o
  ON CONFLICT (round_id, option) DO UPDATE SET stake = round_sums.stake + EXCLUDED.stake;
  INSERT INTO ticket_lines (ticket_id, option, qty, stake)
  SELECT tid[l.b], l.o, l.q, l.q::bigint * p_unit FROM unnest(p_line_bet, p_line_option, p_line_qty) AS l(b, o, q) WHERE ok[l.b];

  -- The admin's day of the game and each player's day, under the wallets locked above.
  PERFORM td_add_play(p_admin, p_game, array_agg(d.p ORDER BY d.p, d.d), array_agg(d.d ORDER BY d.p, d.d), array_agg(d.s ORDER BY d.p, d.d),
                      array_agg(0::bigint ORDER BY d.p, d.d))
     FROM (SELECT x.p, x.d, sum(x.s)::bigint AS s FROM unnest(p_players, p_days, p_stakes) WITH ORDINALITY AS x(p, d, s, i)
            WHERE ok[x.i::int] GROUP BY x.p, x.d) d;

  RETURN QUERY SELECT st[i], tid[i], rid[i], after[i] FROM generate_series(1, n) AS i ORDER BY i;
END;
$$;
