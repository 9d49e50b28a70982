import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SERVER = join(ROOT, 'server');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/**
 * Relative imports a file makes at run time (static, re-exports, side-effect, dynamic). `import type` is left out:
 * it is erased, and a type may well be shared both ways.
 */
export function importsOf(source: string): string[] {
  const specs = [
    ...[...source.matchAll(/^\s*(?:import|export)\s([^;]*?)\sfrom\s+['"]([^'"]+)['"]/gms)].filter((m) => !/^type\s/.test(m[1])).map((m) => [m[0], m[2]]),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]);
  return specs.filter((s) => s.startsWith('.'));
}

function resolveImport(from: string, spec: string, known: Set<string>): string | null {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [base, `${base}.ts`, join(base, 'index.ts')]) if (known.has(c)) return c;
  return null;
}

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 'open') cycles.push([...stack.slice(stack.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of [...graph.keys()].sort()) if (!state.has(n)) visit(n);
  return cycles;
}

describe('server module graph', () => {
  it('the cycle finder finds a cycle and accepts a tree', () => {
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
    expect(importsOf(`import type { X } from './x';\nimport { w } from './w';\nexport { y } from "../y";\nimport './side';\nconst z = await import('./z');\nimport a from 'fastify';`)).toEqual([
      './w',
      '../y',
      './side',
      './z',
    ]);
  });

  it('has no import cycle between server modules', () => {
    const files = tsFiles(SERVER);
    const known = new Set(files);
    const graph = new Map(
      files.map((f) => [f, importsOf(readFileSync(f, 'utf8')).flatMap((s) => resolveImport(f, s, known) ?? [])] as [string, string[]]),
    );
    const cycles = findCycles(graph).map((c) => c.map((f) => relative(ROOT, f)).join(' → '));
    expect(cycles).toEqual([]);
  });

  // A module is a folder of server/ (a file at its top is a module of its own): accounts, auth, credit, access…
  it('has no import cycle between server folders (shared rules live in a base module such as server/access)', () => {
    const files = tsFiles(SERVER);
    const known = new Set(files);
    const moduleOf = (f: string) => relative(SERVER, f).split('/')[0];
    const graph = new Map<string, string[]>();
    for (const f of files) {
      const from = moduleOf(f);
      const to = importsOf(readFileSync(f, 'utf8')).flatMap((s) => resolveImport(f, s, known) ?? []).map(moduleOf);
      graph.set(from, [...new Set([...(graph.get(from) ?? []), ...to.filter((m) => m !== from)])]);
    }
    expect(findCycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });
});
