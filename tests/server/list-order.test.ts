import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAs, engineAvailable, loginAs, startHarness, type Harness } from './harness';

describe.runIf(engineAvailable())('account lists: Last Login order and toggle messages', () => {
  let h: Harness;
  let names: string[];
  beforeAll(async () => {
    h = await startHarness();
    const a = await createAs(h, h.root.token, 'admin', h.root.id);
    const b = await createAs(h, h.root.token, 'admin', h.root.id);
    const never = await createAs(h, h.root.token, 'admin', h.root.id);
    await loginAs(h, a.username);
    await loginAs(h, b.username);
    names = [a.username, b.username, never.username];
  });
  afterAll(() => h?.close());

  it('puts accounts that never logged in last, whichever the order', async () => {
    for (const order of ['ASC', 'DESC']) {
      const r = await call(h, 'GET', `/api/admins/all?sort=lastLogin&order=${order}&perPage=50`, { token: h.root.token });
      const rows = (r.json.data as { username: string; lastLogin: string | null }[]).filter((x) => names.includes(x.username));
      expect(rows.at(-1)?.username, order).toBe(names[2]);
      expect(rows.slice(0, 2).every((x) => x.lastLogin !== null), order).toBe(true);
    }
  });

  it('names the username in the toggle message', async () => {
    const r = await call(h, 'GET', '/api/admins/all?perPage=50', { token: h.root.token });
    const rec = (r.json.data as { _id: string; username: string }[]).find((x) => x.username === names[2])!;
    const off = await call(h, 'PATCH', `/api/admins/toggle-status/${rec._id}/deactivate`, { token: h.root.token });
    expect(off.json.message).toBe(`User ${rec.username} has been successfully deactivated.`);
  });
});
