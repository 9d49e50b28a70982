import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as TierTable from '../../resources/tiers';
import type { Role } from '../../resources.config';
import { withZoneManager } from '../fixtures/extraTier';

// The registry's tier table with one more tier; every route, rule and schema is built from it.
vi.mock('../../resources/tiers', async (importOriginal) => {
  const actual = await importOriginal<typeof TierTable>();
  return { ...actual, TIERS: withZoneManager(actual.TIERS) };
});

const { ancestorRoles, childTierOf, managedTiers } = await import('../../resources.config');
const { checkInvariant } = await import('../../server/credit/ledger');
const { columnOf } = await import('../../server/reports/turnover');
const { call, callSafe, createAs, engineAvailable, generate, loginAs, startHarness, SUPERADMIN_PASSWORD, validBody } = await import('./harness');
type Harness = Awaited<ReturnType<typeof startHarness>>;
const ZONE = 'zonemanager' as Role;

describe.runIf(engineAvailable())('a registry with one more tier (zone manager between area manager and master)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await generate(h, 10_000);
  });
  afterAll(() => h?.close());

  it('the hierarchy rules read the new table', () => {
    expect(childTierOf('areamanager')?.role).toBe(ZONE);
    expect(ancestorRoles('player')).toEqual(['master', ZONE, 'areamanager', 'superareamanager', 'admin', 'superadmin']);
    expect(managedTiers('areamanager').map((t) => t.role)).toEqual([ZONE, 'master', 'player']);
  });

  it('pays commission columns by the registry, not by place: the new tier moves no column', () => {
    expect(['superareamanager', 'areamanager', ZONE, 'master', 'player'].map((r) => columnOf(r))).toEqual(['supercom', 'distcom', null, 'retailcom', 'usercom']);
  });

  it('its whole route family works: create, list, login, create below, transfer, OpenAPI', async () => {
    const root = h.root.token;
    const admin = await createAs(h, root, 'admin', h.root.id);
    const sam = await createAs(h, root, 'superareamanager', admin._id);
    const am = await createAs(h, root, 'areamanager', sam._id);
    const zone = await createAs(h, root, ZONE, am._id);
    expect(zone.username).toMatch(/^ZM\d+/);
    expect(zone.role).toBe(ZONE);

    // A master now hangs under a zone manager, no longer under an area manager.
    const wrongParent = await call(h, 'POST', '/api/master/create', { token: root, body: validBody('master', { refId: am._id }) });
    expect(wrongParent.status).toBe(400);
    const zoneToken = await loginAs(h, zone.username);
    const master = await createAs(h, zoneToken, 'master', zone._id);
    expect(master.refId).toMatchObject({ _id: zone._id });

    const amToken = await loginAs(h, am.username);
    const listed = await callSafe(h, 'GET', '/api/zonemanager/all', { token: amToken });
    expect((listed.json.data as { _id: string }[]).map((a) => a._id)).toEqual([zone._id]);
    // The master may not manage the tier above it.
    const masterToken = await loginAs(h, master.username);
    expect((await call(h, 'GET', '/api/zonemanager/all', { token: masterToken })).status).toBe(403);

    const sent = await call(h, 'POST', '/api/zonemanager/credit-transfer', {
      token: root,
      body: { toUserId: zone._id, userId: h.root.id, transferAmount: 125, password: SUPERADMIN_PASSWORD },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect((await callSafe(h, 'GET', `/api/zonemanager/${zone._id}`, { token: root })).json.data).toMatchObject({ walletBalance: 125 });
    await checkInvariant(h.db);

    const doc = await call(h, 'GET', '/api/docs/json');
    expect(Object.keys((doc.json as { paths: Record<string, unknown> }).paths)).toContain('/api/zonemanager/create');
  });
});
