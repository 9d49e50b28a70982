-- One movement of points in one statement: lock both wallets in id order (no deadlocks), debit
-- conditionally (never below zero, except a game pool, which a forced result may take below zero),
-- credit the receiving account whatever its status (a win is paid to an inactive or deleted player:
-- one such winner once stopped every settlement), append the ledger row with both balances after.
-- A refund (a voided round's stake, pool → player) never fails where the stake went in: it leaves the
-- pool whatever the pool holds (below zero, as for a forced win), even when the pool's admin was
-- deleted meanwhile, and lands whatever the player's status.
-- A NULL p_from creates points (kind 'generated'); a NULL p_to destroys them (kind 'burned').
-- An idempotency key already used by the same actor returns the first movement and moves nothing;
-- the same key for a different movement is refused (TD003).
CREATE OR REPLACE FUNCTION td_move(
  p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_actor bigint, p_message text, p_key text
) RETURNS TABLE (tx_id bigint, from_after bigint, to_after bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_from bigint;
  v_to bigint;
  v_id bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'amount must be positive' USING ERRCODE = '22023';
  END IF;
  -- Lock first, then look for the key: a twin request waiting on these locks then sees the movement
  -- its first copy committed and replays it, instead of re-checking a balance already spent.
  -- NO KEY UPDATE: the balance is no key, so logins and account creation on these rows are not blocked.
  PERFORM 1 FROM accounts a WHERE a.id IN (p_from, p_to) ORDER BY a.id FOR NO KEY UPDATE;
  IF p_key IS NOT NULL THEN
    SELECT t.id, t.from_balance_after, t.to_balance_after INTO v_id, v_from, v_to
      FROM transactions t WHERE t.actor_id = p_actor AND t.idempotency_key = p_key;
    IF FOUND THEN
      -- A key names one request: the same key with other parties or another amount is a client error, not a replay.
      IF NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = v_id AND t.from_id IS NOT DISTINCT FROM p_from
                     AND t.to_id IS NOT DISTINCT FROM p_to AND t.amount = p_amount AND t.kind = p_kind) THEN
        RAISE EXCEPTION 'idempotency key reused for another request' USING ERRCODE = 'TD003';
      END IF;
      RETURN QUERY SELECT v_id, v_from, v_to, true;
      RETURN;
    END IF;
  END IF;
  IF p_from IS NOT NULL THEN
    UPDATE accounts SET wallet_balance = wallet_balance - p_amount
      WHERE id = p_from AND ((deleted_at IS NULL AND (wallet_balance >= p_amount OR (role = 'pool' AND p_kind = 'win')))
                           OR (role = 'pool' AND p_kind = 'refund'))
      RETURNING wallet_balance INTO v_from;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'TD001';
    END IF;
  END IF;
  IF p_to IS NOT NULL THEN
    -- Money owed is paid whatever the account's status: deactivation stops acting, not receiving,
    -- and a win of a round that closed after a delete still lands in the wallet it was staked from.
    UPDATE accounts SET wallet_balance = wallet_balance + p_amount
      WHERE id = p_to AND (p_kind IN ('win', 'refund') OR (deleted_at IS NULL AND active))
      RETURNING wallet_balance INTO v_to;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'receiving account is not active' USING ERRCODE = 'TD002';
    END IF;
  END IF;
  INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, message, from_balance_after, to_balance_after, idempotency_key)
    VALUES (p_from, p_to, p_amount, p_kind, p_actor, p_message, v_from, v_to, p_key)
    RETURNING id INTO v_id;
  RETURN QUERY SELECT v_id, v_from, v_to, false;
END;
$$;
