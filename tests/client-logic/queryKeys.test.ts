/**
 * The client's own TanStack keys live in one registry (src/dataProvider/queryKeys.ts): a query and
 * the invalidation that must reach it read the same factory. A key array typed anywhere else in
 * src/ (`queryKey: ['td', …]`, a `…_KEY` constant, a key passed straight to the client), a factory
 * nothing uses, or two keys of which one silently covers the other, each fails here.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutationKeys, queryKeys } from '../../src/dataProvider/queryKeys';
import { code, ROOT, sources, SRC } from './sources';

const REGISTRY = join(SRC, 'dataProvider', 'queryKeys.ts');



/** The QueryClient methods whose first argument is a key itself rather than filters. */
const KEY_ARGUMENT = /\.(getQueryData|setQueryData|getQueryState)\(\s*(?!queryKeys\.)/g;

/**
 * The lines of one file's source that hold a key not taken from the registry: a `queryKey` /
 * `mutationKey` that is not a call of its factory (a literal, a constant, a shorthand), an array
 * whose first item is the 'td' root, a key handed straight to the client.
 */
export function keyProblems(source: string): string[] {
  const text = code(source);
  const at: number[] = [];
  for (const m of text.matchAll(/\b(queryKey|mutationKey)\b(\s*:\s*)?(.*)/g)) {
    const registry = m[1] === 'queryKey' ? 'queryKeys' : 'mutationKeys';
    // A member read (`query.queryKey`) is not a key given to TanStack.
    if (/\.\s*$/.test(text.slice(0, m.index))) continue;
    if (!m[2] || !new RegExp(`^${registry}\\.\\w+\\(`).test(m[3]!)) at.push(m.index);
  }
  for (const m of text.matchAll(/\[\s*(['"`])td\1[^\]]*\]/g)) at.push(m.index);
  for (const m of text.matchAll(KEY_ARGUMENT)) at.push(m.index);
  const lineOf = (i: number) => text.slice(text.lastIndexOf('\n', i) + 1, (text.indexOf('\n', i) + 1 || text.length + 1) - 1).trim();
  return [...new Set(at.sort((a, b) => a - b).map(lineOf))];
}

const files = [...sources(SRC)].filter((f) => f !== REGISTRY);
const texts = new Map(files.map((f) => [relative(ROOT, f), code(readFileSync(f, 'utf8'))]));

type Factory = (...args: string[]) => readonly unknown[];
const factories = (registry: Record<string, unknown>) => Object.entries(registry as Record<string, Factory>);
/** A key as a factory makes it, with a distinct stand-in for each argument. */
const sample = (name: string, f: Factory) => f(...Array.from({ length: f.length }, (_, i) => `${name}#${i}`));

describe('query-key registry', () => {
  it("the scan finds a key written by hand and passes the registry's", () => {
    expect(keyProblems(`const q = useQuery({ queryKey: ['td', 'usercount'], queryFn });`)).toEqual([`const q = useQuery({ queryKey: ['td', 'usercount'], queryFn });`]);
    expect(keyProblems(`export const X_KEY = ["td", 'backups'] as const;\nclient.invalidateQueries({ queryKey: X_KEY });`)).toEqual([
      `export const X_KEY = ["td", 'backups'] as const;`,
      'client.invalidateQueries({ queryKey: X_KEY });',
    ]);
    expect(keyProblems(`useQuery({ queryKey: ['other', id], queryFn })`)).toHaveLength(1);
    expect(keyProblems(`useQuery({\n  queryKey,\n  queryFn })`)).toEqual(['queryKey,']);
    expect(keyProblems(`useMutationState({ filters: { mutationKey: queryKeys.backupList(), status: 'pending' } })`)).toHaveLength(1);
    expect(keyProblems(`client.setQueryData(key, v);\nclient.getQueryData(queryKeys.userCount());`)).toEqual(['client.setQueryData(key, v);']);
    expect(
      keyProblems(
        `useQuery({ queryKey: queryKeys.report(def.key, query), queryFn });\n// queryKey: ['td', 'old']\n/** ['td', 'x'] */\n` +
          `client.invalidateQueries({ queryKey: queryKeys.operatorCredits() });\nuseMutation({ mutationKey: mutationKeys.backupFolderCall() });\n` +
          `const k = q.queryKey;\nimport { queryKeys } from './queryKeys';`,
      ),
    ).toEqual([]);
  });

  it('no file of src/ outside the registry writes a query or mutation key of its own', () => {
    const found = [...texts].flatMap(([file, text]) => keyProblems(text).map((p) => `${file}: ${p}`));
    expect(found).toEqual([]);
  });

  it('every factory of the registry is used somewhere in src/', () => {
    const unused = [
      ...factories(queryKeys).map(([name]) => `queryKeys.${name}`),
      ...factories(mutationKeys).map(([name]) => `mutationKeys.${name}`),
    ].filter((use) => ![...texts.values()].some((text) => text.includes(`${use}(`)));
    expect(unused).toEqual([]);
  });

  it("every key sits under the 'td' root, and one covers another only as its plural (the invalidation of them all)", () => {
    const keys = [...factories(queryKeys), ...factories(mutationKeys)].map(([name, f]) => ({ name, key: sample(name, f) }));
    expect(keys.filter(({ key }) => key[0] !== 'td').map(({ name }) => name)).toEqual([]);
    const covers = (a: readonly unknown[], b: readonly unknown[]) => a.length < b.length && a.every((x, i) => x === b[i]);
    const overlaps = keys.flatMap((a) => keys.filter((b) => covers(a.key, b.key)).map((b) => `${a.name} ⊃ ${b.name}`));
    expect(overlaps.filter((o) => !/^(\w+)s ⊃ \1$/.test(o))).toEqual([]);
    // And each plural does cover its singular: invalidating it reaches every cached entry.
    const names = new Set(keys.map(({ name }) => name));
    const plurals = keys.filter(({ name }) => name.endsWith('s') && names.has(name.slice(0, -1))).map(({ name }) => `${name} ⊃ ${name.slice(0, -1)}`);
    expect(plurals.length).toBeGreaterThan(0);
    expect(overlaps).toEqual(expect.arrayContaining(plurals));
  });
});
