import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { tierOf } from '../../resources.config';
import { walkRows } from '../../server/accounts/keysetWalk';
import { listRows, SORTABLE, type SortKey } from '../../server/accounts/repository';
import { call, createAs, engineAvailable, fund, loginAs, twoNetworks, useHarness } from './harness';

const SORTS = Object.keys(SORTABLE) as SortKey[];

describe.runIf(engineAvailable())('a tier list’s export (the whole list, streamed)', () => {
  const h = useHarness();
  let acc: Awaited<ReturnType<typeof twoNetworks>>['acc'];
  let tok: Awaited<ReturnType<typeof twoNetworks>>['tok'];

  /** The export's answer: status, headers, and its lines parsed (or the error envelope). */
  async function exportOf(url: string, token?: string) {
    const res = await h.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const ok = res.statusCode === 200;
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      total: Number(res.headers['x-total-count']),
      lines: ok ? res.payload.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Partial<AccountRecord>) : [],
      error: ok ? undefined : (res.json() as { code?: string }),
      endsWithNewline: res.payload.endsWith('\n'),
    };
  }

  /** The list's own rows (one page holds them all here). */
  async function listOf(url: string, token: string): Promise<AccountRecord[]> {
    const r = await call(h, 'GET', `${url}${url.includes('?') ? '&' : '?'}perPage=500`, { token });
    expect(r.status, url).toBe(200);
    return r.json.data as AccountRecord[];
  }

  beforeAll(async () => {
    ({ acc, tok } = await twoNetworks(h));
    // More players under master a, with ties and gaps in every sort key: equal creation times,
    // equal and different wallets, logged in or never, one deactivated.
    const more: AccountRecord[] = [];
    for (let i = 0; i < 6; i++) more.push(await createAs(h, h.root.token, 'player', acc.mastera!._id));
    await h.db.query(`UPDATE accounts SET created_at = (SELECT created_at FROM accounts WHERE id = $1) WHERE id = ANY($2::bigint[])`, [
      Number(more[0]!._id),
      more.slice(1, 4).map((p) => Number(p._id)),
    ]);
    await fund(h, more[2]!._id, 40, 'player');
    await fund(h, more[3]!._id, 40, 'player');
    await fund(h, more[4]!._id, 7, 'player');
    await loginAs(h, more[1]!.username);
    await loginAs(h, more[4]!.username);
    const off = await call(h, 'PATCH', `/api/player/toggle-status/${more[5]!._id}/deactivate`, { token: h.root.token });
    expect(off.status).toBe(200);
  });

  it('answers the list’s rows in the list’s order, for every sort and direction, as NDJSON with the export columns’ fields', async () => {
    const fields = ['_id', ...tierOf('player').export!.columns.map((c) => c.source)];
    for (const sort of SORTS)
      for (const order of ['ASC', 'DESC']) {
        const q = `sort=${sort}&order=${order}`;
        const out = await exportOf(`/api/player/export?${q}`, h.root.token);
        expect(out.status, q).toBe(200);
        expect(out.type).toMatch(/^application\/x-ndjson/);
        const list = await listOf(`/api/player/all?${q}`, h.root.token);
        expect(list.length).toBeGreaterThan(6);
        expect(out.lines, q).toEqual(list.map((r) => Object.fromEntries(fields.map((f) => [f, r[f as keyof AccountRecord]]))));
        expect(out.total, q).toBe(list.length);
        expect(out.endsWithNewline).toBe(true);
      }
  });

  it('walks in batches that resume exactly where the last one ended, on every sort key (ties, nulls and yes/no keys included)', async () => {
    for (const sort of SORTS)
      for (const order of ['ASC', 'DESC'] as const) {
        const f = { role: 'player', sort, order };
        const { rows } = await listRows(h.db, { ...f, limit: 500, offset: 0 });
        for (const batch of [1, 2, 3]) {
          const walked: string[] = [];
          for await (const b of walkRows(h.db, f, batch)) {
            expect(b.length).toBeLessThanOrEqual(batch);
            walked.push(...b.map((r) => String(r.id)));
          }
          expect(walked, `${sort} ${order} by ${batch}`).toEqual(rows.map((r) => String(r.id)));
        }
      }
  });

  it('keeps the list’s search and view root, and its count', async () => {
    const name = acc.playera!.username;
    const found = await exportOf(`/api/player/export?search=${encodeURIComponent(name.toLowerCase())}`, h.root.token);
    expect(found.lines.map((l) => l.username)).toEqual([name]);
    expect(found.total).toBe(1);
    const viaFilter = await exportOf(`/api/player/export?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`, h.root.token);
    expect(viaFilter.lines.map((l) => l.username)).toEqual([name]);
    const rooted = await exportOf(`/api/player/export?id=${acc.masterb!._id}`, h.root.token);
    expect(rooted.lines.map((l) => l._id)).toEqual([acc.playerb!._id]);
  });

  it('gives a master only its own players, and an admin only its network’s; a child list only that parent’s children', async () => {
    const mine = await exportOf('/api/player/export', tok.mastera);
    expect(mine.lines.map((l) => l._id)).toEqual((await listOf('/api/player/all', tok.mastera!)).map((r) => r._id));
    expect(mine.lines.map((l) => l._id)).not.toContain(acc.playerb!._id);
    expect(mine.lines.length).toBe(7);
    const other = await exportOf('/api/player/export', tok.adminb);
    expect(other.lines.map((l) => l._id)).toEqual([acc.playerb!._id]);
    const children = await exportOf(`/api/master/${acc.mastera!._id}/children/export?sort=username&order=DESC`, tok.admina);
    expect(children.lines.map((l) => l._id)).toEqual((await listOf(`/api/master/${acc.mastera!._id}/children?sort=username&order=DESC`, tok.admina!)).map((r) => r._id));
    // The admin list's export carries the games its sheet shows.
    const admins = await exportOf('/api/admins/export', h.root.token);
    expect(admins.lines.find((l) => l._id === acc.admina!._id)?.games?.length).toBeGreaterThan(0);
  });

  it('refuses what the list refuses, before any row: 401 without a session, 403 for a tier or an account the caller may not read, coded 400 for a bad query', async () => {
    expect((await exportOf('/api/player/export')).status).toBe(401);
    const tier = await exportOf('/api/admins/export', tok.mastera);
    expect([tier.status, tier.error?.code]).toEqual([403, 'tierNotManaged']);
    const outside = await exportOf(`/api/master/${acc.mastera!._id}/children/export`, tok.adminb);
    expect([outside.status, outside.error?.code]).toEqual([403, 'outsideHierarchy']);
    const root = await exportOf(`/api/player/export?id=${acc.mastera!._id}`, tok.adminb);
    expect([root.status, root.error?.code]).toEqual([403, 'outsideHierarchy']);
    for (const [q, code] of [
      ['sort=password_hash', 'unknownSort'],
      ['order=UP', 'badOrder'],
      [`filter=${encodeURIComponent('{"q":')}`, 'badJson'],
    ] as const) {
      const bad = await exportOf(`/api/player/export?${q}`, h.root.token);
      expect([bad.status, bad.error?.code], q).toEqual([400, code]);
    }
  });
});
