import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as GameTable from '../../resources/games';
import { RAINBOW, withRainbowSeven } from '../fixtures/extraGame';

// The registry's games table with one more game; menus, routes and the console are built from it.
vi.mock('../../resources/games', async (importOriginal) => {
  const actual = await importOriginal<typeof GameTable>();
  return { ...actual, GAMES: withRainbowSeven(actual.GAMES) };
});

/** A stand-in for the realtime channel: the console's figures arrive as the server pushes them. */
type Handler = (msg: unknown) => void;
const socket = vi.hoisted(() => {
  const s = {
    handlers: new Map<string, Handler[]>(),
    reply: null as null | ((event: string, payload: unknown) => void),
    on(event: string, fn: Handler) {
      s.handlers.set(event, [...(s.handlers.get(event) ?? []), fn]);
      if (event === 'connect') queueMicrotask(() => fn(undefined));
      return s;
    },
    emit(event: string, payload: unknown) {
      s.reply?.(event, payload);
      return s;
    },
    close() {},
    push(event: string, msg: unknown) {
      for (const fn of s.handlers.get(event) ?? []) fn(msg);
    },
  };
  return s;
});
vi.mock('socket.io-client', () => ({ io: () => socket }));

const { routablePages } = await import('../../src/layout/screens');
const { screenOf } = await import('../../src/pages/screens');
const { RoleMenu } = await import('../../src/layout/RoleMenu');
const { createAuthProvider } = await import('../../src/auth/authProvider');
const { createDataProvider } = await import('../../src/dataProvider/dataProvider');
const { i18nProvider } = await import('../../src/i18n/i18nProvider');
const { loginAs } = await import('./fixtures');
const { recordApi } = await import('./msw');

const LABELS = ['Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Indigo', 'Violet'];
// What the server's console API answers for the game (its options come from the same declaration).
const DATA = {
  gameId: RAINBOW.gameId,
  gameName: RAINBOW.gameName,
  data: RAINBOW.options.map((o) => ({ drawno: o.key, label: o.label, sum: o.key === '7' ? 2 : 0 })),
  dataColors: [],
  dataCardTypes: [],
  totalDrawCollection: 2,
  collections: { totalPlaypoints: 0, totalWinpoints: 0 },
  percentageData: [{ gameBalance: 0, winpercentage: 90 }],
  lastData: { data: [] },
  round: { drawno: 1, closesAt: '2026-01-01T00:01:00.000Z', time: '00:20' },
};

function renderIn(path: string, children: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext basename="/admin" dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider} store={memoryStore({ 'sidebar.open': true })}>
        {children}
      </AdminContext>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  socket.handlers.clear();
  socket.reply = (event) => {
    if (event === 'gameData') queueMicrotask(() => socket.push('responseData', { adminId: '7', gameId: RAINBOW.gameId, data: DATA }));
    if (event === 'timerData') queueMicrotask(() => socket.push('timer', { gameId: RAINBOW.gameId, time: '00:20' }));
  };
  loginAs('admin', '7');
});

describe('client screens from a registry with one more game', () => {
  it('the admin’s Live Result menu links its console, and its own console route exists', async () => {
    recordApi((call) =>
      call.path === '/api/percentage/usergames/7'
        ? { json: { success: true, games: [], users: [], adminGameList: [{ id: '5', adminId: '7', username: 'AD0007', gameId: RAINBOW.gameId, gameName: RAINBOW.gameName, winpercentage: 90 }] } }
        : undefined,
    );
    renderIn('/admin/dashboard', <RoleMenu role="admin" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Live Result' }));
    await waitFor(() => {
      const link = within(screen.getByRole('group', { name: 'Live Result' })).getByRole('menuitem', { name: 'Rainbow Seven' });
      expect(link).toHaveAttribute('href', `/admin/game/${RAINBOW.gameId}/7/AD0007`);
    });
    expect(routablePages('admin').map((p) => p.key)).toEqual(expect.arrayContaining(['funtarget', 'funroullet', RAINBOW.slug]));
    expect(routablePages('superadmin').map((p) => p.key)).not.toContain(RAINBOW.slug);
  });

  it('its own console shows the declared options by their labels, seven a row, and picks by the declared rule', async () => {
    recordApi((call) => (call.path === '/api/app/gettimer' ? { json: { success: true, data: { time: '00:20', drawno: 7, closesAt: new Date(Date.now() + 20_000).toISOString() } } } : undefined));
    const OwnConsole = screenOf(RAINBOW.slug)!.component;
    renderIn(`/admin/${RAINBOW.slug}`, <OwnConsole />);
    expect(await screen.findByRole('heading', { name: /^Rainbow Seven — / })).toBeInTheDocument();
    const tiles = await screen.findAllByRole('button', { name: /^(Red|Orange|Yellow|Green|Blue|Indigo|Violet): / });
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(LABELS.map((l) => `${l}: ${l === 'Violet' ? '2.00' : '0.00'}`));
    expect(getComputedStyle(tiles[0].parentElement!).gridTemplateColumns).toBe('repeat(7, minmax(0, 1fr))');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Violet: 2.00' }));
    expect(screen.getByLabelText('Selected result')).toHaveValue('Violet');
  });
});
