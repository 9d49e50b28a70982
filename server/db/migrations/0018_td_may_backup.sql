-- The right to back up, download, transfer and restore the whole installation, granted to an admin by
-- the superadmin (who always has it) from the admin's edit form. Before, the only admin had it while
-- there was one: an installation upgraded with exactly one live admin keeps that admin's backups.
ALTER TABLE accounts ADD COLUMN may_backup boolean NOT NULL DEFAULT false;
--> statement-breakpoint
UPDATE accounts SET may_backup = true
 WHERE role = 'admin' AND deleted_at IS NULL
   AND (SELECT count(*) FROM accounts WHERE role = 'admin' AND deleted_at IS NULL) = 1;
