import { describe, expect, it } from 'vitest';
import { contentRange, parseListQuery, type ListOptions } from '../../server/http/list';
import { HttpError } from '../../server/http/errors';
import { tierOf } from '../../resources.config';
import { call, createAs, engineAvailable, useHarness } from './harness';

type Key = 'username' | 'createdAt' | 'id';
const opts: ListOptions<Key> = { sortable: ['username', 'createdAt', 'id'], defaultSort: 'createdAt', maxBare: 1000, maxPerPage: 500 };
const parse = (q: Record<string, string>) => parseListQuery(q, opts);
const refusal = (q: Record<string, string>) => {
  try {
    parse(q);
  } catch (e) {
    if (e instanceof HttpError) return { status: e.statusCode, field: e.errors?.[0]?.field, message: e.message };
    throw e;
  }
  return null;
};

describe('list helper (pure)', () => {
  it('answers the bare list (first maxBare rows, newest first) without paging parameters', () => {
    expect(parse({})).toEqual({ limit: 1000, offset: 0, sort: 'createdAt', order: 'DESC' });
  });

  it('pages with page/perPage and caps perPage', () => {
    expect(parse({ page: '3', perPage: '10' })).toMatchObject({ limit: 10, offset: 20 });
    expect(parse({ perPage: '100000' })).toMatchObject({ limit: 500, offset: 0 });
    expect(parse({ page: 'x', limit: '5' })).toMatchObject({ limit: 5, offset: 0 });
  });

  it('understands simple-rest sort=["f","ASC"], range=[a,b] and filter={"q":...}', () => {
    expect(parse({ sort: '["username","ASC"]', range: '[10,19]', filter: '{"q":"  ad "}' })).toEqual({
      limit: 10,
      offset: 10,
      sort: 'username',
      order: 'ASC',
      search: 'ad',
    });
    expect(parse({ range: '[0,9999]' })).toMatchObject({ limit: 500, offset: 0 });
  });

  it('accepts only whitelisted sort fields and ASC/DESC, with a 400 naming the parameter', () => {
    expect(refusal({ sort: 'password_hash' })).toEqual({ status: 400, field: 'sort', message: "Cannot sort by 'password_hash'." });
    expect(refusal({ sort: '["password_hash","ASC"]' })).toMatchObject({ status: 400, field: 'sort' });
    expect(refusal({ sort: 'username', order: 'sideways' })).toEqual({ status: 400, field: 'order', message: 'Order must be ASC or DESC.' });
    expect(refusal({ sort: '["username","up"]' })).toMatchObject({ status: 400, field: 'order' });
    // Prototype keys are not sort fields.
    expect(refusal({ sort: 'constructor' })).toMatchObject({ status: 400, field: 'sort' });
  });

  it('refuses malformed simple-rest JSON with 400', () => {
    expect(refusal({ range: '[0,' })).toMatchObject({ status: 400, field: 'range' });
    expect(refusal({ range: '[9,0]' })).toMatchObject({ status: 400, field: 'range' });
    expect(refusal({ filter: '[1]' })).toMatchObject({ status: 400, field: 'filter' });
    expect(refusal({ sort: '[' })).toMatchObject({ status: 400, field: 'sort' });
  });

  it('takes the first non-blank search text, trimmed and bounded', () => {
    expect(parse({ search: ' ', username: 'ad01' })).toMatchObject({ search: 'ad01' });
    expect(parse({ q: 'x'.repeat(300) }).search).toHaveLength(100);
  });

  it('writes Content-Range as resource first-last/total, also for an empty page', () => {
    expect(contentRange('admin', 10, 5, 42)).toBe('admin 10-14/42');
    expect(contentRange('admin', 0, 0, 0)).toBe('admin 0-0/0');
  });
});

describe.runIf(engineAvailable())('list helper on an account list route', () => {
  const h = useHarness();

  it('a simple-rest call (sort, range, filter) pages, sorts, searches and sets Content-Range', async () => {
    const admin = tierOf('admin');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createAs(h, h.root.token, 'admin', h.root.id));
    const ids = made.map((a) => a._id).sort((a, b) => Number(a) - Number(b));
    const qs = new URLSearchParams({ sort: '["_id","ASC"]', range: '[1,2]', filter: '{}' });
    const r = await call(h, 'GET', `/api${admin.api}/all?${qs}`, { token: h.root.token });
    expect(r.status).toBe(200);
    expect((r.json.data as { _id: string }[]).map((a) => a._id)).toEqual(ids.slice(1, 3));
    expect(r.headers['content-range']).toBe(`admin 1-2/${ids.length}`);

    const one = made[0].username;
    const s = await call(h, 'GET', `/api${admin.api}/all?${new URLSearchParams({ filter: JSON.stringify({ q: one }) })}`, { token: h.root.token });
    expect((s.json.data as { username: string }[]).map((a) => a.username)).toEqual([one]);

    const bad = await call(h, 'GET', `/api${admin.api}/all?range=oops`, { token: h.root.token });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, field: 'range' });
  });
});
