-- Not called any more: every credit transfer resolves its session in the auth hook, then calls td_transfer
-- (server/credit/service.ts). Kept while the databases define it: dropping it takes a migration (DROP FUNCTION).
--
-- A transfer by a parent's child route (POST …/:id/children/:childId/credit-transfer) in one call,
-- as td_transfer_session does for the tier route. In front, the checks of the route's own lookups
-- (parentFor, loadChild) that need the database: the parent is live, of the route's tier, the caller
-- itself or strictly below it, and the target's parent. Anything else returns refused = 'session'
-- and writes nothing: the server then takes the usual path, which answers every refusal as before.
CREATE OR REPLACE FUNCTION td_transfer_child_session(
  p_parent bigint, p_parent_role text,
  p_token_hash text, p_session bigint, p_password_hash text, p_actor_role text, p_session_minutes int, p_max_hours int,
  p_actor bigint, p_actor_path text, p_to bigint, p_role text, p_amount bigint, p_message_head text, p_key text,
  p_username text, p_subject text, p_url text, p_method text, p_ip text
) RETURNS TABLE (refused text, tx_id bigint, from_after bigint, to_after bigint, replayed boolean)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM accounts c JOIN accounts p ON p.id = c.parent_id
   WHERE c.id = p_to AND p.id = p_parent AND p.deleted_at IS NULL AND p.role = p_parent_role
     AND (p.id = p_actor OR (length(p.path) > length(p_actor_path) AND left(p.path, length(p_actor_path)) = p_actor_path));
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'session'::text, NULL::bigint, NULL::bigint, NULL::bigint, NULL::boolean;
    RETURN;
  END IF;
  RETURN QUERY SELECT * FROM td_transfer_session(p_token_hash, p_session, p_password_hash, p_actor_role, p_session_minutes, p_max_hours,
    p_actor, p_actor_path, p_to, p_role, p_amount, p_message_head, p_key, p_username, p_subject, p_url, p_method, p_ip);
END;
$$;
