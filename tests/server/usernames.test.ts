import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain, createAs, engineAvailable, startHarness, type Chain, type Harness } from './harness';

describe.runIf(engineAvailable())('generated usernames', () => {
  let h: Harness;
  let c: Chain;
  beforeAll(async () => {
    h = await startHarness();
    c = await buildChain(h);
  });
  afterAll(() => h?.close());

  it('are the prefix and the whole id, padded to four digits: ids past 9999 keep every digit', async () => {
    await h.db.query(`SELECT setval(pg_get_serial_sequence('accounts', 'id'), 99998)`);
    const a = await createAs(h, h.root.token, 'player', c.master._id);
    const b = await createAs(h, h.root.token, 'player', c.master._id);
    expect([a.username, b.username]).toEqual([`PL${a._id}`, `PL${b._id}`]);
    expect([a._id, b._id]).toEqual(['99999', '100000']);
    expect(c.admin.username).toMatch(/^AD\d{4}$/);
  });
});
