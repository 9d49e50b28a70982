import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundWindow } from '../../domain/games';
import { checkInvariant } from '../../server/credit/ledger';
import { openCurrentRounds, settleDue } from '../../server/games/settle';
import { call, createAs, createChain, engineAvailable, loginAs, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';

/**
 * A round's number is its start over the game's length, so a length change moves the numbers of the
 * rounds after it: longer numbers (60 s to 10 s: 29928142 then 179568868, which text order put last)
 * or shorter ones (10 s to 60 s). The strip shows the latest rounds first either way.
 */
describe.runIf(engineAvailable())('results strip order across a change of a game’s length', () => {
  let h: Harness;
  let playerToken: string;
  beforeAll(async () => {
    h = await startHarness();
    const [g] = await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET]);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: [String(g.id)] });
    const chain = await createChain(h, admin._id);
    playerToken = await loginAs(h, chain.player.username);
  });
  afterAll(() => h?.close());

  /** Opens the game's round at `at` with the game `seconds` long, and settles it at its close. */
  async function roundAt(at: Date, seconds: number): Promise<number> {
    await h.db.query(`UPDATE games SET time_seconds = $2 WHERE game_id = $1`, [FUN_TARGET, seconds]);
    await openCurrentRounds(h.db, at);
    const w = roundWindow(at, seconds);
    const settled = await settleDue(h.db, w.closesAt);
    expect(settled.map((s) => s.gameId)).toContain(FUN_TARGET);
    return w.drawNo;
  }

  const strip = async () => {
    const r = await call(h, 'GET', `/api/app/lastresults?gameId=${FUN_TARGET}`, { token: playerToken });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return (r.json.data as { roundNo: number }[]).map((x) => x.roundNo);
  };

  it('lists the newest round first when the numbers grow longer (60 s to 10 s) and when they shrink (10 s to 60 s)', async () => {
    const start = Date.now() - 60 * 60_000;
    const a = await roundAt(new Date(start), 60);
    const b = await roundAt(new Date(start + 5 * 60_000), 10);
    // The case of the report: a nine-digit number after an eight-digit one.
    expect([String(a).length, String(b).length]).toEqual([8, 9]);
    expect(await strip()).toEqual([b, a]);
    const c = await roundAt(new Date(start + 10 * 60_000), 60);
    expect(c).toBeLessThan(b);
    expect(await strip()).toEqual([c, b, a]);
    expect(await checkInvariant(h.db)).toMatchObject({ ok: true, mismatched: 0 });
  });
});
