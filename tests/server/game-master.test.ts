import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAs, engineAvailable, loginAs, startHarness, type Harness } from './harness';
import { multipart, PNG } from '../fixtures/multipart';

describe.runIf(engineAvailable())('Game Master and Time Master', () => {
  let h: Harness;
  let adminToken: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'tierdesk-games-'));

  beforeAll(async () => {
    h = await startHarness({ dataDir });
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    adminToken = await loginAs(h, admin.username);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (fields: Record<string, string>, files: { name: string; filename: string; bytes: Buffer }[] = [], token = h.root.token) => {
    const m = multipart(fields, files);
    const res = await h.app.inject({ method: 'POST', url: '/api/game', payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${token}` } });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };
  const timeId = async (seconds: number) => String((await h.db.query(`SELECT id FROM game_times WHERE timecount = $1`, [seconds]))[0].id);
  const valid = async () => ({ gameName: 'Lucky Seven', gameDescription: 'A test game', releaseDate: '2026-11-01', publisher: 'house', nodigit: '2', timeId: await timeId(60), label: 'no' });

  it('lists the seven seeded games, pages and sorts them the simple-rest way, for the superadmin only', async () => {
    const all = await call(h, 'GET', '/api/game', { token: h.root.token });
    expect((all.json.data as unknown[]).length).toBe(7);
    expect(all.headers['content-range']).toBe('game 0-6/7');
    const page = await call(h, 'GET', `/api/game?sort=${encodeURIComponent('["gameName","DESC"]')}&range=${encodeURIComponent('[0,2]')}`, { token: h.root.token });
    expect((page.json.data as { gameName: string }[]).map((g) => g.gameName)).toEqual(['Triple Fun', 'Titli Sorrat', 'Fun Timer']);
    expect(page.headers['content-range']).toBe('game 0-2/7');
    expect((await call(h, 'GET', '/api/game', { token: adminToken })).status).toBe(403);
    expect((await call(h, 'GET', '/api/time/timelist', { token: h.root.token })).json.data).toEqual([30, 60, 90, 120, 180].map((timecount) => expect.objectContaining({ timecount })));
  });

  it('refuses an Add Game form with its own messages and writes nothing', async () => {
    const r = await post({ label: 'no' });
    expect(r.status).toBe(400);
    expect((r.json.errors as { message: string }[]).map((e) => e.message)).toEqual(['Game name is required', 'Number of digits is required', 'Release date is required', 'Time is required', 'Description is required']);
    const zero = await post({ ...(await valid()), nodigit: '0' });
    expect(zero.json.message).toBe('Must be at least 1');
    expect((await post(await valid(), [], adminToken)).status).toBe(403);
    expect(Number((await h.db.query(`SELECT count(*)::int AS n FROM games`))[0].n)).toBe(7);
  });

  it('adds a game with one image per digit, checked by content and stored under a generated name', async () => {
    const notImage = await post({ ...(await valid()), label: 'yes' }, [{ name: 'images', filename: 'a.png', bytes: Buffer.from('<?php echo 1; ?>') }]);
    expect([notImage.status, notImage.json.message]).toEqual([400, 'Only image files (PNG, JPEG, GIF or WebP) can be uploaded.']);
    const tooFew = await post({ ...(await valid()), label: 'yes' }, [{ name: 'images', filename: 'a.png', bytes: PNG }]);
    expect([tooFew.status, tooFew.json.message]).toEqual([400, 'Upload one image per digit: 2 images.']);
    const ok = await post({ ...(await valid()), label: 'yes' }, [
      { name: 'images', filename: '../../evil.png', bytes: PNG },
      { name: 'images', filename: 'b.png', bytes: PNG },
    ]);
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    const game = ok.json.data as { gameId: string; images: string[]; time: number; status: string };
    expect(game).toMatchObject({ time: 60, status: 'active' });
    expect(game.images).toHaveLength(2);
    for (const name of game.images) expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    const img = await h.app.inject({ method: 'GET', url: `/api/game/image/${game.images[0]}`, headers: { authorization: `Bearer ${adminToken}` } });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await call(h, 'GET', `/api/game/image/${encodeURIComponent('../../../etc/passwd')}`, { token: adminToken })).status).toBe(400);
    expect(readdirSync(join(dataDir, 'uploads', 'games')).sort()).toEqual([...game.images].sort());
  });

  it('edits, toggles and deletes a game with the product’s messages', async () => {
    const created = await post(await valid());
    const game = created.json.data as { _id: string; gameId: string };
    expect((await call(h, 'PUT', '/api/game/999999', { token: h.root.token, body: { gameName: 'x' } })).json.message).toBe('No game found with the provided ID.');
    const missing = await call(h, 'PUT', `/api/game/${game._id}`, { token: h.root.token, body: { gameData: { gameName: '' } } });
    expect(missing.json.message).toBe('Game Name is required');
    const edited = await call(h, 'PUT', `/api/game/${game._id}`, {
      token: h.root.token,
      body: { gameData: { gameName: 'Lucky Eight', nodigit: 3, gameDescription: 'd', publisher: 'p', releaseDate: '2026-11-02', gameStatus: 'active', timeId: await timeId(90) } },
    });
    expect(edited.json.data).toMatchObject({ gameName: 'Lucky Eight', nodigit: 3, time: 90 });
    const off = await call(h, 'PUT', `/api/game/${game.gameId}/deactivate`, { token: h.root.token });
    expect(off.json.message).toBe(`Game ${game.gameId} has been successfully deactivated.`);
    expect((await call(h, 'PUT', `/api/game/${game._id}/explode`, { token: h.root.token })).status).toBe(400);
    expect((await call(h, 'DELETE', `/api/game/${game._id}`, { token: h.root.token })).status).toBe(200);
    expect((await call(h, 'GET', `/api/game/${game._id}`, { token: h.root.token })).status).toBe(404);
  });

  it('Edit Game takes the optional Logo as multipart, checked by content; an edit without one keeps it', async () => {
    const created = await post(await valid());
    const game = created.json.data as { _id: string };
    const put = async (fields: Record<string, string>, files: { name: string; filename: string; bytes: Buffer }[] = []) => {
      const m = multipart(fields, files);
      const res = await h.app.inject({ method: 'PUT', url: `/api/game/${game._id}`, payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${h.root.token}` } });
      return { status: res.statusCode, json: res.json() as Record<string, unknown> };
    };
    const fields = { gameName: 'Logo Game', nodigit: '2', gameDescription: 'd', publisher: 'p', releaseDate: '2026-11-02', gameStatus: 'active', timeId: await timeId(60) };
    const bad = await put(fields, [{ name: 'logo', filename: 'x.png', bytes: Buffer.from('not an image') }]);
    expect([bad.status, bad.json.message]).toEqual([400, 'Only image files (PNG, JPEG, GIF or WebP) can be uploaded.']);
    const ok = await put(fields, [{ name: 'logo', filename: '../logo.png', bytes: PNG }]);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const logo = (ok.json.data as { logo: string }).logo;
    expect(logo).toMatch(/^[0-9a-f]{32}\.png$/);
    const img = await h.app.inject({ method: 'GET', url: `/api/game/image/${logo}`, headers: { authorization: `Bearer ${h.root.token}` } });
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const plain = await call(h, 'PUT', `/api/game/${game._id}`, { token: h.root.token, body: { gameData: { ...fields, gameName: 'Logo Game 2' } } });
    expect(plain.json.data).toMatchObject({ gameName: 'Logo Game 2', logo });
    const noLogo = await put({ ...fields, gameName: 'Logo Game 3' });
    expect(noLogo.json.data).toMatchObject({ gameName: 'Logo Game 3', logo });
  });

  it('adds round lengths to the Time Master, once each', async () => {
    const r = await call(h, 'POST', '/api/time', { token: h.root.token, body: { timecount: 45 } });
    expect([r.status, (r.json.data as { timecount: number }).timecount]).toEqual([201, 45]);
    expect((await call(h, 'POST', '/api/time', { token: h.root.token, body: { timecount: 45 } })).status).toBe(409);
    expect((await call(h, 'POST', '/api/time', { token: h.root.token, body: { timecount: 'soon' } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/time', { token: adminToken, body: { timecount: 50 } })).status).toBe(403);
  });

  it('sorts the Time Master by id as a number, past id 9', async () => {
    for (const timecount of [301, 302, 303, 304, 305, 306]) expect((await call(h, 'POST', '/api/time', { token: h.root.token, body: { timecount } })).status).toBe(201);
    const ids = (await h.db.query(`SELECT id FROM game_times ORDER BY id DESC`)).map((r) => String(r.id));
    expect(Number(ids[0])).toBeGreaterThan(9);
    const r = await call(h, 'GET', `/api/time?sort=${encodeURIComponent('["id","DESC"]')}&range=${encodeURIComponent('[0,99]')}`, { token: h.root.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((r.json.data as { _id: string }[]).map((t) => t._id)).toEqual(ids);
  });
});
