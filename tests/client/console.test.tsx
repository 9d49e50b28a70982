import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { SessionEndWatch } from '../../src/auth/SessionEndWatch';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import type { ConsoleData } from '../../src/games/console/consoleTypes';
import { GameConsoleRoute } from '../../src/games/console/ConsolePage';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { loginAs } from './fixtures';
import { recordApi, server, type Recorded } from './msw';
import { findNotification } from './notification';

/** A stand-in for the realtime channel: the test plays the server's side of each event. */
type Handler = (msg: unknown) => void;
const socket = vi.hoisted(() => {
  const s = {
    handlers: new Map<string, Handler[]>(),
    emitted: [] as { event: string; payload: unknown }[],
    reply: null as null | ((event: string, payload: unknown) => void),
    on(event: string, fn: Handler) {
      s.handlers.set(event, [...(s.handlers.get(event) ?? []), fn]);
      if (event === 'connect') queueMicrotask(() => fn(undefined));
      return s;
    },
    emit(event: string, payload: unknown) {
      s.emitted.push({ event, payload });
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

const FUN_TARGET = 'MNOQqWWi';
const DATA: ConsoleData = {
  gameId: FUN_TARGET,
  gameName: 'Fun Target',
  catalogue: { gameId: FUN_TARGET, gameName: 'Fun Target', nodigit: 10, timeSeconds: 60, oddsX100: null, label: false, images: [] },
  data: Array.from({ length: 10 }, (_, i) => ({ drawno: String(i), label: String(i), sum: 0 })),
  dataColors: [],
  dataCardTypes: [],
  totalDrawCollection: 0,
  collections: { totalPlaypoints: 0, totalWinpoints: 0 },
  percentageData: [{ gameBalance: 0, winpercentage: 90 }],
  lastData: { data: [] },
  round: { drawno: 1, closesAt: '2026-01-01T00:01:00.000Z', time: '00:40' },
};

function serve(reply: (call: Recorded) => { status?: number; json: object } | undefined = () => undefined) {
  return recordApi((call) => (call.path === '/api/app/gettimer' ? { json: { success: true, data: { time: '00:40', drawno: 7, closesAt: new Date(Date.now() + 40_000).toISOString() } } } : reply(call)));
}

function renderConsole() {
  return render(
    <MemoryRouter initialEntries={[`/admin/game/${FUN_TARGET}/7/AD0007`]}>
      <AdminContext basename="/admin" dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
        <SessionEndWatch />
        <Routes>
          <Route path="/admin/game/:gameId/:adminId/:username" element={<GameConsoleRoute />} />
          <Route path="/auth/login" element={<p>Login page</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const answerData = () => {
  socket.reply = (event) => {
    if (event === 'gameData') queueMicrotask(() => socket.push('responseData', { adminId: '7', gameId: FUN_TARGET, data: DATA }));
    if (event === 'timerData') queueMicrotask(() => socket.push('timer', { gameId: FUN_TARGET, time: '00:40' }));
  };
};

const alertText = async () => (await screen.findByRole('alert')).textContent;

beforeEach(() => {
  socket.handlers.clear();
  socket.emitted.length = 0;
  socket.reply = null;
  loginAs('admin', '7');
});

describe('live console: failures, ended sessions, booster, amounts, countdown', () => {
  it('a request that got no answer says the console’s own texts, never the browser’s "Failed to fetch"', async () => {
    answerData();
    serve();
    server.use(http.post('*/api/live/addbalance', () => HttpResponse.error()), http.post('*/api/live/addresult', () => HttpResponse.error()));
    renderConsole();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Balance'), '5');
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    expect(await alertText()).toBe('Error occurred while adding balance!');
    await user.click(screen.getByRole('button', { name: '7: 0.00' }));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error occurred while adding result!'));
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });

  it('a refusal without a message says "Failed to add balance…"; one with a message says the server’s', async () => {
    answerData();
    let n = 0;
    serve((c) => (c.path === '/api/live/addbalance' ? (n++ === 0 ? { status: 500, json: {} } : { status: 400, json: { success: false, message: 'Insufficient balance.' } }) : undefined));
    renderConsole();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Balance'), '5');
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    expect(await alertText()).toBe('Failed to add balance. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Insufficient balance.'));
  });

  it('a session the server ended (401) goes to the login page instead of an error on the screen', async () => {
    answerData();
    serve((c) => (c.path === '/api/live/addbalance' ? { status: 401, json: { success: false, message: 'Session expired. Please log in again.' } } : undefined));
    renderConsole();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Balance'), '5');
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('after SAVE the booster returns to 1 with the other picks', async () => {
    answerData();
    const calls = serve((c) => (c.path === '/api/live/addresult' ? { json: { success: true, message: 'Result added successfully!', data: { outcome: '7', label: '7' } } } : undefined));
    renderConsole();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '7: 0.00' }));
    await user.click(screen.getByRole('combobox', { name: 'Booster' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '2' }));
    expect(screen.getByRole('combobox', { name: 'Booster' })).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await findNotification('Result added successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/live/addresult')?.body).toMatchObject({ result: '7', boosterValue: 2 });
    expect(screen.getByRole('combobox', { name: 'Booster' })).toHaveTextContent('1');
  });

  it('Add Balance 1.005 says the real rule and sends nothing; Reset on an empty pool says there was nothing to reset', async () => {
    answerData();
    const calls = serve((c) =>
      c.path === '/api/live/addbalance' ? { json: { success: true, message: 'Balance Reset successfully!', data: { gameBalance: 0, moved: 0 } } } : undefined,
    );
    renderConsole();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Balance'), '1.005');
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    expect(await alertText()).toMatch(/at most 2 decimals/);
    expect(calls.filter((c) => c.path === '/api/live/addbalance')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reset Balance' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Nothing to reset: the pool holds no points.'));
  });

  it('a console the operator may not open shows the message only', async () => {
    socket.reply = (event) => {
      if (event === 'gameData') queueMicrotask(() => socket.push('responseError', { message: 'This account is outside your hierarchy.' }));
    };
    serve();
    renderConsole();
    expect(await alertText()).toBe('This account is outside your hierarchy.');
    expect(screen.queryByRole('button', { name: 'Reset Balance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
  });

  it('the countdown ignores pushed ticks while the window is blurred and reloads on focus', async () => {
    answerData();
    const calls = serve();
    renderConsole();
    const countdown = await screen.findByTestId('countdown');
    await waitFor(() => expect(countdown).toHaveTextContent('00:40'));
    act(() => {
      fireEvent.blur(window);
    });
    act(() => socket.push('timer', { gameId: FUN_TARGET, time: '00:12' }));
    expect(countdown).toHaveTextContent('00:40');
    const before = calls.filter((c) => c.path === '/api/app/gettimer').length;
    act(() => {
      fireEvent.focus(window);
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/app/gettimer').length).toBe(before + 1));
    act(() => socket.push('timer', { gameId: FUN_TARGET, time: '00:12' }));
    expect(countdown).toHaveTextContent('00:12');
  });
});
