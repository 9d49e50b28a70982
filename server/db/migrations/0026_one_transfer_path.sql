-- A credit transfer has one path (the session resolved by the auth hook, then td_transfer): the
-- one-call variants that also resolved the session are gone.
DROP FUNCTION IF EXISTS td_transfer_session;
--> statement-breakpoint
DROP FUNCTION IF EXISTS td_transfer_child_session;
