-- Not called any more: every credit transfer resolves its session in the auth hook, then calls td_transfer
-- (server/credit/service.ts). Kept while the databases define it: dropping it takes a migration (DROP FUNCTION).
--
-- A credit transfer (td_transfer) with the session check in front, for a session the server has
-- seen prove this password: one call per transfer. The caller's row as the server knew it is
-- checked against the database by resumeSession's rules (server/auth/sessions.ts: live, not revoked,
-- within its idle and absolute lifetimes, account active, not deleted, no deactivated ancestor) and
-- must be unchanged (same password hash, path, role, name); the expiry slides as resumeSession slides
-- it. Anything else returns refused = 'session' and writes nothing: the server then takes the usual path.
CREATE OR REPLACE FUNCTION td_transfer_session(
  p_token_hash text, p_session bigint, p_password_hash text, p_actor_role text, p_session_minutes int, p_max_hours int,
  p_actor bigint, p_actor_path text, p_to bigint, p_role text, p_amount bigint, p_message_head text, p_key text,
  p_username text, p_subject text, p_url text, p_method text, p_ip text
) RETURNS TABLE (refused text, tx_id bigint, from_after bigint, to_after bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_expires timestamptz;
  v_slid timestamptz;
BEGIN
  SELECT s.expires_at, least(now() + make_interval(mins => p_session_minutes), s.created_at + make_interval(hours => p_max_hours))
    INTO v_expires, v_slid
    FROM sessions s JOIN accounts a ON a.id = s.account_id
   WHERE s.id = p_session AND s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
     AND s.created_at + make_interval(hours => p_max_hours) > now()
     AND a.id = p_actor AND a.deleted_at IS NULL AND a.active AND a.password_hash = p_password_hash
     AND a.path = p_actor_path AND a.role = p_actor_role AND a.username = p_username
     AND NOT EXISTS (SELECT 1 FROM accounts up
                      WHERE up.id = ANY (string_to_array(trim(both '/' FROM a.path), '/')::bigint[]) AND up.id <> a.id AND NOT up.active);
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'session'::text, NULL::bigint, NULL::bigint, NULL::bigint, NULL::boolean;
    RETURN;
  END IF;
  IF v_expires < v_slid - interval '1 minute' THEN
    UPDATE sessions SET expires_at = v_slid WHERE id = p_session;
  END IF;
  RETURN QUERY SELECT * FROM td_transfer(p_actor, p_actor_path, p_to, p_role, p_amount, p_message_head, p_key, p_username, p_subject, p_url, p_method, p_ip);
END;
$$;
