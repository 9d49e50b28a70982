/** Which database the server suite runs on: PGlite by default, PostgreSQL with TEST_ENGINE=postgres. */
export const ENGINE: 'pglite' | 'postgres' = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** One template per run: two runs at once (two worktrees, a helper and CI) must not drop each other's. */
export const TEMPLATE_DB = `tierdesk_test_template_${process.pid}`;

export const withDb = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
