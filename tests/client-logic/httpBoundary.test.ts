/**
 * Only the providers call the HTTP layer: every screen reads and writes through the dataProvider
 * (react-admin's calls and its custom methods), so a test can hand a screen another provider. A
 * module under src/ outside src/dataProvider/ and src/auth/ (the authProvider's login, session and
 * its end) that imports src/dataProvider/http fails here.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { code, ROOT, sources, SRC } from './sources';

const PROVIDERS = ['src/dataProvider/', 'src/auth/'];



/** Whether a module's source imports (statically, dynamically or by re-export) the HTTP layer. */
export const importsHttp = (source: string): boolean =>
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])[^'"]*\/dataProvider\/http(?:\.tsx?)?\1/.test(code(source));

const rel = (p: string) => relative(ROOT, p).split(sep).join('/');

describe('the HTTP layer is the providers’ own', () => {
  it('recognises every form of import of it, and not a comment or another module', () => {
    expect(importsHttp(`import { request } from '../dataProvider/http';`)).toBe(true);
    expect(importsHttp(`import type { RequestOptions } from "../../dataProvider/http";`)).toBe(true);
    expect(importsHttp(`export { send } from '../dataProvider/http';`)).toBe(true);
    expect(importsHttp(`const m = await import('../dataProvider/http');`)).toBe(true);
    expect(importsHttp(`import '../dataProvider/http.ts';`)).toBe(true);
    expect(importsHttp(`// import { request } from '../dataProvider/http';`)).toBe(false);
    expect(importsHttp(`import { ApiError } from '../dataProvider/errors';`)).toBe(false);
    expect(importsHttp(`import { x } from '../dataProvider/httpish';`)).toBe(false);
  });

  it('no module outside src/dataProvider and src/auth imports src/dataProvider/http', () => {
    const offenders = [...sources(SRC)]
      .map(rel)
      .filter((f) => !PROVIDERS.some((dir) => f.startsWith(dir)))
      .filter((f) => importsHttp(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
