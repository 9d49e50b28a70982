-- The lock that orders the writers of one parent's parent_days rows (a bet batch, a settlement, a
-- recount): a transaction-scoped advisory lock per parent, taken in id order after the players'
-- account locks, and nothing else is waited for after it, so two writers never wait on each other in
-- a ring. Its keys: (-25 less the id's high bits, its low 31 bits), negative first halves apart from
-- the (admin, game) pairs the pools take (ids are positive), whatever the id's size. Not the parent's
-- account row: a credit transfer to the parent would wait for bets.
CREATE OR REPLACE FUNCTION td_lock_parents(p_parents bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  FOR v_id IN SELECT DISTINCT x FROM unnest(p_parents) AS x WHERE x IS NOT NULL ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock((-25 - (v_id >> 31))::int, (v_id & 2147483647)::int);
  END LOOP;
END;
$$;
