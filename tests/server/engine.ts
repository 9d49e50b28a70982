/** Which database the server suite runs on: PGlite by default, PostgreSQL with TEST_ENGINE=postgres. */
export const ENGINE: 'pglite' | 'postgres' = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEMPLATE_DB = 'tierdesk_test_template';

export const withDb = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
