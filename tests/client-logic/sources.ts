import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const SRC = join(ROOT, 'src');

/** Every TypeScript source file below `dir` (declaration files aside). */
export function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (/\.(ts|tsx)$/.test(e) && !e.endsWith('.d.ts')) yield p;
  }
}

/** Code only: comments stripped (a comment may name a module or show a key's shape). */
export const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
