import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { WinPercentagePage } from '../../src/games/percentage/WinPercentagePage';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';
import { findNotification } from './notification';

const ROWS = [
  { id: '11', adminId: '7', username: 'AD0007', gameId: 'MNOQqWWi', gameName: 'Fun Target', winpercentage: 90 },
  { id: '12', adminId: '7', username: 'AD0007', gameId: 'vwRORrGO', gameName: 'Fun Roullet', winpercentage: 80 },
  { id: '13', adminId: '7', username: 'AD0007', gameId: 'zuuhVbBM', gameName: 'Triple Fun', winpercentage: 70 },
];
type Reply = ReturnType<NonNullable<Parameters<typeof recordApi>[0]>>;
type Updates = { data: { updates: { id: string; winpercentage: number }[] } };

/** The server: the list, and a bulk update that (when it succeeds) the next read of the list reflects. */
function api(put: (call: Recorded) => Reply = () => ({ json: { success: true, message: 'Win percentages updated.' } })) {
  let rows = ROWS;
  return recordApi((call) => {
    if (call.method === 'GET' && call.path === '/api/percentage/usergames/7') return { json: { success: true, games: [], users: [], adminGameList: rows } };
    if (call.method !== 'PUT') return undefined;
    const reply = put(call);
    if ((reply?.status ?? 200) === 200) {
      const next = new Map((call.body as Updates).data.updates.map((u) => [u.id, u.winpercentage]));
      rows = rows.map((r) => ({ ...r, winpercentage: next.get(r.id) ?? r.winpercentage }));
    }
    return reply;
  });
}

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
        <WinPercentagePage />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const input = (game: string) => screen.getByLabelText(`Percentage of AD0007 for ${game}`);
const setButton = () => screen.getByRole('button', { name: 'Set Percentage' });
const puts = (calls: Recorded[]) => calls.filter((c) => c.method === 'PUT');

afterEach(() => {
  vi.useRealTimers();
});

describe('Win Percentage: table, minimum, messages', () => {
  it('lists No., ID, Game and a Percentage input (min 1) per row; Set Percentage is disabled until a value changes', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Win Percentage' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['No.', 'ID', 'Game', 'Percentage']);
    const second = screen.getAllByRole('row')[2];
    expect(within(second).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'AD0007', 'Fun Roullet', '']);
    expect(input('Fun Roullet')).toHaveValue(80);
    expect(input('Fun Roullet')).toHaveAttribute('min', '1');
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.path)).toEqual(['/api/percentage/usergames/7']);

    expect(setButton()).toBeDisabled();
    const user = userEvent.setup();
    await user.clear(input('Fun Target'));
    await user.type(input('Fun Target'), '45');
    expect(setButton()).toBeEnabled();
    // Typed back to the stored value: nothing has changed any more.
    await user.clear(input('Fun Target'));
    await user.type(input('Fun Target'), '90');
    expect(setButton()).toBeDisabled();
    expect(puts(calls)).toHaveLength(0);
  });

  it('sends only the changed rows (a non-numeric value as 0); the server message shows, then goes after 800 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Win Percentage' });
    await user.clear(input('Fun Roullet'));
    await user.type(input('Fun Roullet'), '55.5');
    await user.clear(input('Triple Fun'));
    await user.click(setButton());

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0].path).toBe('/api/percentage/bulk/winpercentage/7');
    expect(puts(calls)[0].body).toEqual({ data: { updates: [{ id: '12', winpercentage: 55.5 }, { id: '13', winpercentage: 0 }] } });

    expect(await findNotification('Win percentages updated.')).toBeInTheDocument();
    // The saved values are now the stored ones: nothing left to send.
    expect(setButton()).toBeDisabled();
    expect(input('Fun Roullet')).toHaveValue(55.5);
    await act(async () => {
      vi.advanceTimersByTime(700);
    });
    expect(screen.getByText('Win percentages updated.')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    // Hidden at 800 ms, gone once the notification's exit transition ends.
    await waitFor(() => expect(screen.queryByText('Win percentages updated.')).not.toBeInTheDocument(), { timeout: 500 });
  });

  it('a success without a message says "Updated successfully"', async () => {
    loginAs('admin', '7');
    api(() => ({ json: { success: true } }));
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Win Percentage' });
    await user.type(input('Fun Target'), '5');
    await user.click(setButton());
    expect(await findNotification('Updated successfully')).toBeInTheDocument();
  });

  it('a 400 shows the server message and keeps the typed value', async () => {
    loginAs('admin', '7');
    const calls = api(() => ({ status: 400, json: { success: false, message: 'Win percentage must be a number from 1 to 100.' } }));
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Win Percentage' });
    await user.clear(input('Fun Target'));
    await user.type(input('Fun Target'), '101');
    await user.click(setButton());
    expect(await screen.findByText('Win percentage must be a number from 1 to 100.')).toBeInTheDocument();
    expect(screen.queryByText('Updated successfully')).not.toBeInTheDocument();
    expect(puts(calls)[0].body).toEqual({ data: { updates: [{ id: '11', winpercentage: 101 }] } });
    expect(input('Fun Target')).toHaveValue(101);
    expect(setButton()).toBeEnabled();
  });
});
