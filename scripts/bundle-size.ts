/**
 * Prints the gzip size of the JavaScript the login page needs — the entry chunk and its static
 * imports, read from Vite's manifest — and fails above the budget. Lazy chunks (react-admin
 * screens, the xlsx writer, country data) are not counted: they load after login.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 400;
const dist = join(process.cwd(), 'dist');

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const entry = Object.entries(manifest).find(([key, c]) => c.isEntry && key.endsWith('index.html'))?.[0] ?? Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) {
  console.error('bundle-size: no entry chunk in dist/.vite/manifest.json');
  process.exit(1);
}

// The entry and everything it imports statically, transitively.
const needed = new Set<string>();
const visit = (key: string) => {
  if (needed.has(key) || !manifest[key]) return;
  needed.add(key);
  for (const k of manifest[key].imports ?? []) visit(k);
};
visit(entry);

let total = 0;
for (const key of needed) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`  ${file}  ${(gz / 1024).toFixed(1)} KB gzip`);
}
const kb = total / 1024;
console.log(`login page JS: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`bundle-size: the login page needs ${kb.toFixed(1)} KB gzip, over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
