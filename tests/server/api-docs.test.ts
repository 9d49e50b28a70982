import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_MARKER, renderReference, typeText, withReference, type OpenApiDocument } from '../../scripts/apiReference';
import { engineAvailable, useHarness } from './harness';

const API_MD = join(process.cwd(), 'docs', 'API.md');

describe('the route reference writer', () => {
  const doc: OpenApiDocument = {
    paths: {
      '/api/notice': {
        post: {
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { title: { type: 'string' }, pinned: { type: ['boolean', 'string'] } }, required: ['title'] } } } },
          responses: { '201': { content: { 'application/json': { schema: { type: 'object', properties: { success: { type: 'boolean' }, data: { $ref: '#/components/schemas/NoticeInput' } }, required: ['success'] } } } }, '400': {} },
        },
      },
    },
  };

  it('writes each call with its body, answers and error statuses, and keeps the hand-written part', () => {
    expect(renderReference(doc)).toContain('| POST /api/notice |  | `{title: string, pinned?: boolean \\| string}` | 201 `{success: boolean, data?: Notice}`; 400 `Error` |');
    const page = withReference('# Intro\n\nHand-written.\n', doc);
    expect(page.startsWith('# Intro\n\nHand-written.\n\n' + GENERATED_MARKER)).toBe(true);
    // Written again from the same document it is the same page; the hand-written part is never rewritten.
    expect(withReference(page, doc)).toBe(page);
    expect(withReference(page.replace('Hand-written.', 'Edited by hand.'), doc)).toContain('Edited by hand.');
  });

  it('names types as the schema checks them', () => {
    expect(typeText({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toBe('"a" \\| "b"[]');
    expect(typeText({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toBe('string \\| number');
    expect(typeText({ type: 'string', format: 'date' })).toBe('date');
  });
});

describe.runIf(engineAvailable())('docs/API.md', () => {
  const h = useHarness();

  it('is what the routes declare: `npm run docs` writes it again after a route or schema changes', async () => {
    const committed = readFileSync(API_MD, 'utf8');
    expect(committed).toContain(GENERATED_MARKER);
    const doc = h.app.swagger() as unknown as OpenApiDocument;
    const fresh = withReference(committed, doc);
    // A line-by-line difference says which call is out of date.
    const stale = fresh.split('\n').filter((line) => !committed.split('\n').includes(line));
    expect(stale, 'docs/API.md is out of date: run `npm run docs`').toEqual([]);
    expect(fresh).toBe(committed);
    // Every documented call is in the reference: a route the document has is a row of the page.
    for (const path of Object.keys(doc.paths)) expect(committed, path).toContain(` ${path.replace(/\|/g, '\\|')} `);
  });
});
