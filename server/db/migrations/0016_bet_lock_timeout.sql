-- A bet waits this long at most for a lock another transaction holds (a pool's wallet, a player's
-- day row): held longer, the holder has stopped (a frozen process keeps its transaction open until
-- the server ends it), and the bet fails with lock_not_available, which the server answers 503
-- "busy, try again" instead of hanging. A healthy holder (a settlement, another batch) holds these
-- rows for milliseconds. Set on the function, so it costs the bet no round trip.
ALTER FUNCTION td_bet_batch(bigint, bigint, bigint, bigint[], bigint[], timestamptz[], date[], bigint[], timestamptz[], timestamptz[], text[], int[], text[], int[])
  SET lock_timeout = '3s';
