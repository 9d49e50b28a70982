import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { offContract, server, settledBreaks } from './msw';

const LIST = '/api/backup/list-backups';
const folders = (size: unknown) => ({ success: true, message: '', folders: [{ folder: 'backup-1', createdAt: '2026-01-02T03:04:05.000Z', size, rows: 1 }] });
const get = (path: string) => fetch(`${location.origin}${path}`);

/** Every answer a test gives, however it gives it, is checked against the server's OpenAPI document. */
describe('msw answers given with server.use are held to the contract', () => {
  it('names a body the route’s schema refuses, and a status the route never answers', async () => {
    server.use(http.get(`*${LIST}`, () => HttpResponse.json(folders('big'))));
    await get(LIST);
    expect(await settledBreaks()).toEqual([`GET ${LIST} 200: /folders/0/size must be number`]);

    server.use(http.get(`*${LIST}`, () => HttpResponse.json({ success: false, message: 'slow down' }, { status: 418 })));
    await get(LIST);
    expect(await settledBreaks()).toEqual([`GET ${LIST}: the route never answers 418 (it answers 200, 400, 401, 403, 404, 409)`]);

    server.use(http.get('*/api/no/such/route', () => HttpResponse.json({ success: true })));
    await get('/api/no/such/route');
    expect(await settledBreaks()).toEqual(['GET /api/no/such/route: no such route']);
  });

  it('lets through an answer the route gives, one marked off the contract, and no answer at all', async () => {
    server.use(http.get(`*${LIST}`, () => HttpResponse.json(folders(10))));
    await get(LIST);
    server.use(http.get(`*${LIST}`, () => HttpResponse.json(folders('big'), { headers: offContract('this test’s own proof that a marked answer is not checked') })));
    await get(LIST);
    server.use(http.get(`*${LIST}`, () => HttpResponse.error()));
    await get(LIST).catch(() => undefined);
    expect(await settledBreaks()).toEqual([]);
  });
});
