import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create (CREATE EXTENSION), which PGlite must load when it
 * opens a data directory: the trigram indexes of Log Activities' search (migration 0024).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
