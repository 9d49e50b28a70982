-- A credit transfer in one call and one commit: the target check, the movement (td_move: locks,
-- balances, ledger row, idempotency key) and the request's activity row. The caller's session and
-- password are proven before the call; the target is checked again here so that what moved is what
-- was checked, under the same snapshot as the movement's own checks.
-- A refused target returns `refused` (a message code) and writes nothing; a refused movement
-- raises td_move's error (TD001/TD002/TD003) and the whole statement, activity row included, rolls back.
CREATE OR REPLACE FUNCTION td_transfer(
  p_actor bigint, p_actor_path text, p_to bigint, p_role text, p_amount bigint, p_message_head text, p_key text,
  p_username text, p_subject text, p_url text, p_method text, p_ip text
) RETURNS TABLE (refused text, tx_id bigint, from_after bigint, to_after bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_path text;
  v_role text;
  v_name text;
  v_id bigint;
  v_from bigint;
  v_to bigint;
  v_replayed boolean;
BEGIN
  -- The checks of loadManaged, in its order: a live account, strictly below the caller, of the route's tier.
  SELECT a.path, a.role, a.username INTO v_path, v_role, v_name FROM accounts a WHERE a.id = p_to AND a.deleted_at IS NULL;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'accountNotFound'::text, NULL::bigint, NULL::bigint, NULL::bigint, NULL::boolean;
    RETURN;
  END IF;
  IF NOT (length(v_path) > length(p_actor_path) AND left(v_path, length(p_actor_path)) = p_actor_path) THEN
    RETURN QUERY SELECT 'outsideHierarchy'::text, NULL::bigint, NULL::bigint, NULL::bigint, NULL::boolean;
    RETURN;
  END IF;
  IF v_role <> p_role THEN
    RETURN QUERY SELECT 'noAccountOfTier'::text, NULL::bigint, NULL::bigint, NULL::bigint, NULL::boolean;
    RETURN;
  END IF;
  SELECT mv.tx_id, mv.from_after, mv.to_after, mv.replayed INTO v_id, v_from, v_to, v_replayed
    FROM td_move(p_actor, p_to, p_amount, 'transfer', p_actor, p_message_head || v_name, p_key) mv;
  -- Every accepted request leaves its row, a replay too (it was a request); the HTTP hook then writes none.
  INSERT INTO activity_logs (account_id, username, subject, request_url, method, ip_address)
    VALUES (p_actor, p_username, p_subject, p_url, p_method, p_ip);
  RETURN QUERY SELECT NULL::text, v_id, v_from, v_to, v_replayed;
END;
$$;
