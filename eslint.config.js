// Lint of the whole tree: TypeScript rules, and the import boundaries that keep the layers apart
// (domain imports nothing of the others; server and client never import each other's code: the
// client reads the server's endpoint types through `import type` only).
import tseslint from 'typescript-eslint';

const boundary = (message, ...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group, message })) }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'screenshots/**', 'server/db/migrations/**', 'server/db/pglite/boot.mjs'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { ecmaVersion: 2022, sourceType: 'module' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['domain/**/*.ts'],
    // The registry is data that imports domain's types, never the other way round.
    rules: boundary('domain/ holds pure rules: it imports neither the registry, the server, the client nor Node.', ['**/server/**', '**/src/**', '**/resources.config', '**/resources/**', 'node:*', 'react', 'react-*', 'fastify*']),
  },
  {
    files: ['server/**/*.ts'],
    rules: boundary('The server never imports the client.', ['**/src/**', 'react', 'react-*', 'react-admin']),
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      ...boundary('The client never imports the server (share through domain/ or the registry).', ['node:*', 'fastify*', 'pg']),
      // The client's calls take their types from the server's endpoint declarations (one contract per
      // endpoint): `import type` of the server is let through, as it is erased before the bundle is
      // built; any import of a value (code, zod) stays refused.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], allowTypeImports: true, message: 'The client never imports the server’s code: `import type` only (the endpoint declarations’ types).' }] },
      ],
    },
  },
);
