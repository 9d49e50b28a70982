import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as TierTable from '../../resources/tiers';
import type { Role } from '../../resources.config';
import { withZoneManager } from '../fixtures/extraTier';

// The registry's tier table with one more tier; every route, rule and schema is built from it.
vi.mock('../../resources/tiers', async (importOriginal) => {
  const actual = await importOriginal<typeof TierTable>();
  return { ...actual, TIERS: withZoneManager(actual.TIERS) };
});

const { ancestorRoles, childTierOf, COMMISSION_SPLIT, managedTiers } = await import('../../resources.config');
const { checkInvariant } = await import('../../server/credit/ledger');
const { placeBet } = await import('../../server/games/bets');
const { settleDue } = await import('../../server/games/settle');
const { TURNOVER_REPORT } = await import('../../resources/reports');
const { englishRegistryTexts } = await import('../../src/i18n/registryTexts');
const { buildChain, call, callSafe, createAs, engineAvailable, fund, generate, loginAs, startHarness, SUPERADMIN_PASSWORD, validBody } = await import('./harness');
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

  it('pays commission columns by the registry, not by place: the new tier brings its own and moves none', () => {
    expect(['superareamanager', 'areamanager', ZONE, 'master', 'player'].map((r) => COMMISSION_SPLIT.columnOf(r))).toEqual(['supercom', 'distcom', 'zonecom', 'retailcom', 'usercom']);
    expect(COMMISSION_SPLIT.columns).toEqual(['supercom', 'distcom', 'zonecom', 'retailcom', 'usercom']);
    // The report's table and sheet take the column with its heading from the tier's declaration.
    const zoneColumn = TURNOVER_REPORT.columns.find((c) => c.kind === 'points' && c.field === ('zonecom' as never));
    expect(zoneColumn?.label).toEqual({ key: 'td.tier.zonemanager.commission.column', en: 'Zone' });
    expect(TURNOVER_REPORT.export?.columns.map((c) => c.label)).toContainEqual({ key: 'td.tier.zonemanager.commission.export', en: 'Zone Commission' });
    expect(englishRegistryTexts().tier.zonemanager).toMatchObject({ commission: { column: 'Zone', export: 'Zone Commission' } });
  });

  it('earns its commission on the play under it: turnover rows, pending commission and the send', async () => {
    const chain = await buildChain(h);
    const zone = chain.byRole[ZONE]!;
    expect(chain.master.refId).toMatchObject({ _id: zone._id });
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => Number(r.id));
    await h.db.query(`INSERT INTO account_games (account_id, game_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`, [Number(chain.admin._id), games]);
    // Rates: super area manager 5 %, area manager 3 %, zone manager 2.5 %, master 2 %, player 1 %.
    const rates: [string, number][] = [['superareamanager', 5], ['areamanager', 3], [ZONE, 2.5], ['master', 2], ['player', 1]];
    for (const [role, pct] of rates) await h.db.query(`UPDATE accounts SET commission = $2 WHERE id = $1`, [Number(chain.byRole[role]!._id), pct]);
    await fund(h, chain.player._id, 500, 'player');
    const path = String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(chain.player._id)]))[0].path);
    // Yesterday noon: the send pays the last complete day.
    const now = new Date();
    const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12, 0, 0);
    await placeBet(h.db, { id: Number(chain.player._id), path }, 'MNOQqWWi', [{ option: '4', qty: 200 }], at);
    await settleDue(h.db, new Date(at.getTime() + 61_000));

    const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
    const report = await call(h, 'GET', `/api/reports/turnoverreport?role=admin&id=${chain.admin._id}&startDate=${day}&endDate=${day}`, { token: h.root.token });
    expect(report.status, JSON.stringify(report.json)).toBe(200);
    const row = (report.json.data as Record<string, number | string>[]).find((r) => r.id === chain.byRole.superareamanager!._id)!;
    expect(row).toMatchObject({ playPoints: 200, supercom: 10, distcom: 6, zonecom: 5, retailcom: 4, usercom: 2, commission: 27 });
    // The drill-down into it lists its masters with the column too.
    const own = await call(h, 'GET', `/api/reports/turnoverreport?role=${ZONE}&id=${zone._id}&startDate=${day}&endDate=${day}`, { token: h.root.token });
    expect((own.json.data as Record<string, unknown>[])[0]).toMatchObject({ id: chain.master._id, zonecom: 5 });
    // The schema served for the row names the column, as it names the four built-in ones.
    const doc = (await call(h, 'GET', '/api/docs/json')).json as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    expect(Object.keys(doc.components.schemas.TurnoverRow!.properties)).toEqual(expect.arrayContaining(['supercom', 'zonecom', 'usercom']));

    const pending = await call(h, 'GET', `/api/reports/commissionpayout?role=${ZONE}`, { token: chain.tokens.admin });
    expect(pending.json.data).toEqual([expect.objectContaining({ username: zone.username, totalcommission: 200, pending: 5 })]);

    // The admin pays every tier its commission of yesterday, the zone manager's 5 points included.
    await fund(h, chain.admin._id, 100, 'admin');
    const zoneBefore = BigInt(String((await h.db.query(`SELECT wallet_balance::text AS b FROM accounts WHERE id = $1`, [Number(zone._id)]))[0].b));
    await call(h, 'POST', '/api/auth/checkpassword', { token: chain.tokens.admin, body: { password: 'secret-pass' } });
    const sent = await call(h, 'GET', '/api/reports/sendcommission?days=day', { token: chain.tokens.admin });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const zoneAfter = BigInt(String((await h.db.query(`SELECT wallet_balance::text AS b FROM accounts WHERE id = $1`, [Number(zone._id)]))[0].b));
    expect(zoneAfter - zoneBefore).toBe(500n);
    expect(await checkInvariant(h.db)).toMatchObject({ ok: true, mismatched: 0 });
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
