import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { ApiError } from '../../src/dataProvider/http';
import { account, complaintPage, complaintRow, creditResult, gameRow, logRow, loginAs } from './fixtures';
import { http, HttpResponse } from 'msw';
import { recordApi, server } from './msw';

const dp = createDataProvider();
const paging = { pagination: { page: 2, perPage: 5 }, sort: { field: 'username', order: 'ASC' as const }, filter: { q: ' am ' } };

describe('dataProvider: react-admin calls onto the documented paths', () => {
  it('getList → GET {api}/all with page, perPage, sort, order, search; maps _id → id; reads total', async () => {
    loginAs('superadmin');
    const calls = recordApi(() => ({ json: { success: true, data: [account({ _id: '9' })], total: 42 } }));
    const res = await dp.getList('superareamanager', paging);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/superareamanager/all', query: { page: '2', perPage: '5', sort: 'username', order: 'ASC', search: 'am' } });
    expect(calls[0].headers.get('authorization')).toBe('Bearer tok-123');
    expect(res.total).toBe(42);
    expect(res.data[0].id).toBe('9');
  });

  it('getList maps sort id → _id and falls back to X-Total-Count', async () => {
    // A REST server of another make: the dataProvider reads the total from the header when the body has none.
    const calls = recordApi(() => ({ json: { success: true, data: [] }, headers: { 'X-Total-Count': '17' }, offContract: 'a server without total in its body' }));
    const res = await dp.getList('player', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(calls[0].path).toBe('/api/player/all');
    expect(calls[0].query).toEqual({ page: '1', perPage: '10', sort: '_id', order: 'DESC' });
    expect(res.total).toBe(17);
  });

  it('getList with a parent → GET {parentApi}/{id}/children', async () => {
    const calls = recordApi();
    await dp.getList('superareamanager', { ...paging, meta: { parent: { resource: 'admin', id: '5' } } });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/admins/5/children', query: { page: '2', search: 'am' } });
  });

  it('openExport streams a list’s export route with its sort and search, no paging, and reads the row count', async () => {
    loginAs('superadmin');
    const seen: { url: URL; auth: string | null }[] = [];
    server.use(
      http.get('*/api/player/export', ({ request }) => {
        seen.push({ url: new URL(request.url), auth: request.headers.get('authorization') });
        return new HttpResponse('{"_id":"1"}\n{"_id":"2"}\n', { headers: { 'Content-Type': 'application/x-ndjson', 'X-Total-Count': '2' } });
      }),
    );
    const { body, total } = await dp.openExport('player', { sort: { field: 'id', order: 'DESC' }, filter: { q: ' PL ' } });
    expect(total).toBe(2);
    expect(await new Response(body).text()).toBe('{"_id":"1"}\n{"_id":"2"}\n');
    expect(seen.map((s) => [s.url.pathname, Object.fromEntries(s.url.searchParams), s.auth])).toEqual([['/api/player/export', { sort: '_id', order: 'DESC', search: 'PL' }, 'Bearer tok-123']]);
  });

  it('openExport of a child list goes through the parent’s children; a refusal is the server’s error', async () => {
    const paths: string[] = [];
    server.use(
      http.get('*/api/admins/:id/children/export', ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return HttpResponse.json({ success: false, message: 'Not allowed', code: 'outsideHierarchy' }, { status: 403 });
      }),
    );
    const err = await dp.openExport('superareamanager', { parent: { resource: 'admin', id: '5' } }).catch((e: unknown) => e);
    expect(paths).toEqual(['/api/admins/5/children/export']);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
  });

  it('getOne, getMany, and the child getOne', async () => {
    const calls = recordApi(({ path }) => ({ json: { success: true, data: account({ _id: path.split('/').pop() }) } }));
    expect((await dp.getOne('admin', { id: '7' })).data.id).toBe('7');
    const many = await dp.getMany('master', { ids: ['3', '4'] });
    expect(many.data.map((r) => r.id)).toEqual(['3', '4']);
    await dp.getOne('areamanager', { id: '8', meta: { parent: { resource: 'superareamanager', id: '6' } } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/admins/7',
      'GET /api/master/3',
      'GET /api/master/4',
      'GET /api/superareamanager/6/children/8',
    ]);
  });

  it('create → POST {api}/create; a child → POST {parentApi}/{parentId}/children {childAdminData, parentAdminId}', async () => {
    const calls = recordApi(() => ({ status: 201, json: { success: true, message: 'User created successfully!', data: account({ _id: '11' }) } }));
    const res = await dp.create('admin', { data: { firstName: 'A', role: 'admin' } });
    expect(res.data.id).toBe('11');
    await dp.create('master', { data: { password: 'x' }, meta: { parent: { resource: 'areamanager', id: '4' } } });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/admins/create', body: { firstName: 'A', role: 'admin' } });
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/areamanager/4/children', body: { childAdminData: { password: 'x' }, parentAdminId: '4' } });
  });

  it('update → PUT {api}/{id} {updatedFields} with only the changed fields; nothing changed → no call', async () => {
    const calls = recordApi(() => ({ json: { success: true, data: account() } }));
    const previousData = { id: '7', firstName: 'Ann', lastName: 'Lee' };
    await dp.update('admin', { id: '7', data: { id: '7', firstName: 'Bo', lastName: 'Lee' }, previousData });
    await dp.update('admin', { id: '7', data: { ...previousData }, previousData });
    await dp.update('player', { id: '9', data: {}, previousData, meta: { updatedFields: { note: 'n' }, parent: { resource: 'master', id: '3' } } });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/admins/7', body: { updatedFields: { firstName: 'Bo' } } });
    expect(calls[1]).toMatchObject({ method: 'PUT', path: '/api/master/3/children/9', body: { updatedFields: { note: 'n' } } });
  });

  it('delete → DELETE {api}/{id}; a child → DELETE {api}/{adminId}/children/delete/{userId}', async () => {
    const calls = recordApi(({ path }) => ({ json: { success: true, message: 'ok', data: { _id: path.split('/').pop()!, username: 'GF0002' } } }));
    await dp.delete('gift', { id: '2' });
    await dp.delete('superareamanager', { id: '8', meta: { parent: { resource: 'admin', id: '5' } } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/gift/2', 'DELETE /api/admins/5/children/delete/8']);
  });

  it('creditTransfer → POST {api}/credit-transfer with the API’s payload and an Idempotency-Key', async () => {
    const calls = recordApi(() => ({ json: { success: true, message: 'Credit transfer successful!', data: creditResult('t1') } }));
    const res = await dp.creditTransfer('master', { toUserId: '9', userId: '1', authUser: '1', password: 'pw', amount: 10.5, idempotencyKey: 'k-1' });
    expect(res.data.transactionId).toBe('t1');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/master/credit-transfer', body: { userId: '1', password: 'pw', transferAmount: 10.5, toUserId: '9', authUser: '1' } });
    expect(calls[0].headers.get('idempotency-key')).toBe('k-1');
  });

  it('creditAdjust → POST {api}/credit-adjust (transactionType, default credit); child routes', async () => {
    const calls = recordApi(() => ({ json: { success: true, data: creditResult() } }));
    await dp.creditAdjust('player', { toUserId: '9', userId: '1', authUser: '1', password: 'pw', amount: 3, idempotencyKey: 'a' });
    await dp.creditAdjust('player', { toUserId: '9', userId: '1', authUser: '1', password: 'pw', amount: 3, transactionType: 'debit', parent: { resource: 'master', id: '3' }, idempotencyKey: 'b' });
    await dp.creditTransfer('player', { toUserId: '9', userId: '1', authUser: '1', password: 'pw', amount: 1, parent: { resource: 'master', id: '3' }, idempotencyKey: 'c' });
    expect(calls[0]).toMatchObject({ path: '/api/player/credit-adjust', body: { adjustAmount: 3, transactionType: 'credit', toUserId: '9' } });
    expect(calls[1]).toMatchObject({ path: '/api/master/3/children/9/credit-adjust', body: { transactionType: 'debit' } });
    expect(calls[2]).toMatchObject({ method: 'POST', path: '/api/master/3/children/9/credit-transfer', body: { transferAmount: 1 } });
  });

  it('toggleStatus, logoutPlayer and the other custom calls', async () => {
    const calls = recordApi(({ path }) =>
      path.endsWith('usercount')
        ? { json: { success: true, count: 4, countSuperDistributors: 1, countDistributors: 2, countRetailers: 3 } }
        : path.includes('loadcredit')
          ? { json: { success: true, data: [{ _id: '1', walletBalance: 99 }] } }
          : undefined,
    );
    await dp.toggleStatus('admin', { id: '7', action: 'deactivate' });
    await dp.toggleStatus('master', { id: '9', action: 'activate', parent: { resource: 'areamanager', id: '4' } });
    await dp.logoutPlayer({ id: '12' });
    expect((await dp.loadCredit({ id: '1' })).data).toEqual({ _id: '1', walletBalance: 99 });
    expect((await dp.userCount()).countRetailers).toBe(3);
    await dp.userGames({ id: '1' });
    await dp.changePassword({ userId: '1', opass: 'a', npass: 'b', cpass: 'b' });
    await dp.getChildren('superareamanager', { id: '6', pagination: { page: 1, perPage: 10 } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PATCH /api/admins/toggle-status/7/deactivate',
      'PATCH /api/areamanager/4/children/9/toggle-status/activate',
      'GET /api/app/logout',
      'GET /api/credit/loadcredit',
      'GET /api/counts/usercount',
      'GET /api/game/usergames/1',
      'POST /api/auth/chnagepassword',
      'GET /api/superareamanager/6/children',
    ]);
    expect(calls[0].body).toEqual({ userId: '7', action: 'deactivate' });
    expect(calls[1].body).toEqual({ userId: '9', action: 'activate', adminId: '4' });
    expect(calls[2].query).toEqual({ id: '12', role: 'player' });
    expect(calls[3].query).toEqual({ id: '1' });
    expect(calls[6].body).toEqual({ userId: '1', opass: 'a', npass: 'b', cpass: 'b' });
  });

  it('a failed call rejects with the status and the server message', async () => {
    recordApi(() => ({ status: 409, json: { success: false, message: 'Insufficient balance.' } }));
    const err = await dp.getOne('admin', { id: '1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: 'Insufficient balance.' });
  });

  it('games and times go through ra-data-simple-rest: sort, range and filter in JSON, the total from Content-Range, the envelope unwrapped', async () => {
    loginAs('superadmin');
    const calls = recordApi(({ path, method }) => {
      if (path === '/api/game' && method === 'GET')
        return { json: { success: true, data: [gameRow({ id: '3', gameId: 'zuuhVbBM', gameName: 'Triple Fun' })], total: 7 }, headers: { 'Content-Range': 'game 2-2/7' } };
      if (path === '/api/game/3' && method === 'PUT') return { json: { success: true, message: 'Game updated successfully.', data: gameRow({ id: '3', gameId: 'zuuhVbBM', gameName: 'Triple' }) } };
      return undefined;
    });
    const list = await dp.getList('gamemaster', { pagination: { page: 2, perPage: 2 }, sort: { field: 'gameName', order: 'ASC' }, filter: { q: 'fun' } });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/game', query: { sort: '["gameName","ASC"]', range: '[2,3]', filter: '{"q":"fun"}' } });
    expect(calls[0].headers.get('authorization')).toBe('Bearer tok-123');
    expect(list).toEqual({ data: [gameRow({ id: '3', gameId: 'zuuhVbBM', gameName: 'Triple Fun' })], total: 7 });
    const updated = await dp.update('gamemaster', { id: '3', data: { gameName: 'Triple' }, previousData: { id: '3' } });
    expect(calls[1]).toMatchObject({ method: 'PUT', path: '/api/game/3', body: { gameName: 'Triple' } });
    expect(updated.data).toEqual(gameRow({ id: '3', gameId: 'zuuhVbBM', gameName: 'Triple' }));
  });

  it("a game's status toggle is PUT game/{id}/{action}", async () => {
    loginAs('superadmin');
    const calls = recordApi(() => ({ json: { success: true, message: 'Game MNOQqWWi has been successfully deactivated.', data: gameRow() } }));
    const r = await dp.toggleStatus('gamemaster', { id: '1', action: 'deactivate' });
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/game/1/deactivate' });
    expect(r.message).toBe('Game MNOQqWWi has been successfully deactivated.');
  });

  it('messages and logs are REST resources of the registry too, read with the API’s own list call (page, limit, the filter by name)', async () => {
    loginAs('admin');
    const calls = recordApi(({ path }) => ({ json: path === '/api/complaint' ? complaintPage([complaintRow('4', 'Asha Rao')]) : { success: true, data: [logRow(4)], total: 1 } }));
    expect((await dp.getList('contactus', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} })).total).toBe(1);
    await dp.getList('logactivities', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' }, filter: { q: 'AD0005' } });
    expect(calls.map((c) => [c.path, c.query])).toEqual([
      ['/api/complaint', { page: '1', limit: '10' }],
      ['/api/logs', { page: '1', limit: '25', search: 'AD0005' }],
    ]);
  });

  it('a call that gets no answer rejects with "Something went wrong", never "Failed to fetch" (accounts and REST resources)', async () => {
    loginAs('superadmin');
    server.use(http.all('*/api/*', () => HttpResponse.error()));
    const list = { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
    await expect(dp.getList('player', list)).rejects.toThrow(/^Something went wrong$/);
    await expect(dp.getList('gamemaster', list)).rejects.toThrow(/^Something went wrong$/);
  });
});
