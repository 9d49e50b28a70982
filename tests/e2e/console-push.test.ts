/**
 * A console's sums update without the client asking again. An admin opens the
 * Fun Target console in Chromium against `npm start`; players bet through the API; the tiles and the
 * round's collection change on screen, while the page's socket sent `gameData` once (counted from
 * the websocket frames the page itself sends) and received the figures as pushes.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page, WebSocket } from 'playwright-core';
import { gameDeclaration } from '../../resources.config';
import type { AccountRecord } from '../../resources.config';
import { adminBody, Api } from './api';
import { e2eRun, heading, login, UI_TIMEOUT } from './browser';
import { SUPERADMIN } from './server';

const PASSWORD = 'Push-pass-1';
const FUN_TARGET = gameDeclaration('MNOQqWWi')!;
const e2e = e2eRun();
let admin: AccountRecord;
const players: Api[] = [];
let page: Page;
/** socket.io frames the page sent and received, by event name. */
const sent = new Map<string, number>();
const received = new Map<string, number>();

const eventOf = (payload: string | Buffer) => /^42\d*\["([^"]+)"/.exec(String(payload))?.[1];
const count = (m: Map<string, number>, e: string | undefined) => e && m.set(e, (m.get(e) ?? 0) + 1);

beforeAll(async () => {
  const root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  await root.generate(1_000, SUPERADMIN.password);
  const games = (await root.call<{ data: { id: string }[] }>('GET', 'game?perPage=50')).data;
  admin = await root.create(
    'admins',
    adminBody(
      { firstName: 'Pia', lastName: 'Push', email: 'pia.push@example.com', phone: '9123456722', address: '9 Push Road', pinCode: '560009' },
      { refId: root.user._id, password: PASSWORD, games: games.map((g) => g.id) },
    ),
  );
  const asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
  const master = (await asAdmin.chainDown('master', () => ({ password: PASSWORD, pin: '1234' }))).master!;
  for (let i = 0; i < 2; i++) {
    const p = await asAdmin.create('player', { password: PASSWORD, pin: '1234', refId: master._id });
    await root.transfer('player', p._id, 100, SUPERADMIN.password);
    players.push(await Api.login(e2e.server.baseUrl, p.username, PASSWORD));
  }
  page = await e2e.newPage();
  page.on('websocket', (ws: WebSocket) => {
    ws.on('framesent', (f) => count(sent, eventOf(f.payload)));
    ws.on('framereceived', (f) => count(received, eventOf(f.payload)));
  });
  await login(page, admin.username, PASSWORD, '/admin/dashboard');
});

const secondsLeft = async () => {
  const [m, s] = (await page.getByTestId('countdown').innerText()).split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};
const tile = (key: string, points: string) => page.getByRole('button', { name: `${FUN_TARGET.options.find((o) => o.key === key)!.label}: ${points}`, exact: true });
/** The round's collection as the console shows it ('TOTAL DRAW COLLECTION: 7.00' → '7.00'). */
const collection = async () => /[\d.,]+$/.exec((await page.getByTestId('total-draw-collection').innerText()).trim())?.[0];

describe('console push', () => {
  test("a console's sums update without the client asking again", async () => {
    await page.goto(`${e2e.server.baseUrl}/admin/game/${FUN_TARGET.gameId}/${admin._id}/${admin.username}`);
    await heading(page, `${FUN_TARGET.gameName} — ${admin.username}`).waitFor();
    await page.getByTestId('total-draw-collection').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => sent.get('gameData') ?? 0, { timeout: UI_TIMEOUT }).toBe(1);
    // The bets must land in the round on screen, not in its last seconds (60-second rounds).
    await expect.poll(secondsLeft, { timeout: 70_000 }).toBeGreaterThan(15);
    await tile('3', '0.00').waitFor();
    expect(await collection()).toBe('0.00');
    const pushesBefore = received.get('responseData') ?? 0;

    await players[0].call('POST', 'app/createbet', { gameId: FUN_TARGET.gameId, draws: [{ drawno: '3', drawqty: 4 }] });
    await tile('3', '4.00').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(collection, { timeout: UI_TIMEOUT }).toBe('4.00');

    await players[1].call('POST', 'app/createbet', { gameId: FUN_TARGET.gameId, draws: [{ drawno: '3', drawqty: 2 }, { drawno: '5', drawqty: 1 }] });
    await tile('3', '6.00').waitFor({ timeout: UI_TIMEOUT });
    await tile('5', '1.00').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(collection, { timeout: UI_TIMEOUT }).toBe('7.00');

    // Received as pushes; asked for once, when the console opened.
    expect(received.get('responseData') ?? 0).toBeGreaterThanOrEqual(pushesBefore + 2);
    expect(sent.get('gameData')).toBe(1);
  }, 150_000);
});
