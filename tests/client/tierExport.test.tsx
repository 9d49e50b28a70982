import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ListBase } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import * as XLSX from 'xlsx';
import { describe, expect, it, vi } from 'vitest';
import { tierOf } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ExportTierButton } from '../../src/tiers/ExportTierButton';
import { account, loginAs } from './fixtures';
import { http, HttpResponse } from 'msw';
import { recordApi, server } from './msw';

const saveBlob = vi.hoisted(() => vi.fn((_b: Blob, _name: string) => {}));
vi.mock('../../src/common/download', () => ({ saveBlob }));

const PLAYERS = Array.from({ length: 1203 }, (_, i) => account({ role: 'player', roles: ['player'], _id: String(i + 1), username: `PL${String(i + 1).padStart(4, '0')}`, walletBalance: i + 0.25 }));

describe('a tier list’s Export to Excel', () => {
  it('saves the whole filtered list, streamed from the export route with the list’s sort and search, as the spec’s workbook', async () => {
    loginAs('superadmin');
    recordApi(({ path }) => (path === '/api/player/all' ? { json: { success: true, data: PLAYERS.slice(0, 10), total: PLAYERS.length } } : undefined));
    const exports: URL[] = [];
    server.use(
      http.get('*/api/player/export', ({ request }) => {
        exports.push(new URL(request.url));
        const body = PLAYERS.map((p) => `${JSON.stringify({ _id: p._id, username: p.username, refId: p.refId, walletBalance: p.walletBalance, createdAt: p.createdAt, isLoggedIn: p.isLoggedIn, lastLogin: p.lastLogin })}\n`).join('');
        return new HttpResponse(body, { headers: { 'Content-Type': 'application/x-ndjson', 'X-Total-Count': String(PLAYERS.length) } });
      }),
    );
    render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('superadmin')} i18nProvider={i18nProvider}>
          <ListBase resource="player" sort={{ field: 'username', order: 'ASC' }} filterDefaultValues={{ q: 'PL' }} disableSyncWithLocation>
            <ExportTierButton scope={{ tier: tierOf('player') }} />
          </ListBase>
        </AdminContext>
      </MemoryRouter>,
    );
    const button = await screen.findByRole('button', { name: 'Export to Excel' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled());

    // One read of the whole list, with the list's sort and no paging.
    expect(exports.map((u) => Object.fromEntries(u.searchParams))).toEqual([{ sort: 'username', order: 'ASC', search: 'PL' }]);
    const [blob, name] = saveBlob.mock.calls[0]!;
    expect(name).toBe('playersList.xlsx');
    const wb = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array', cellStyles: true });
    expect(wb.SheetNames).toEqual(['player']);
    const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets.player!, { header: 1, raw: false });
    expect(rows[0]).toEqual(['UserName', 'Refer ID', 'Unique ID', 'Points', 'Date & Time', 'Is Online', 'Last Login']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(PLAYERS.map((p) => p.username));
    expect(rows[1]![3]).toBe('0.25');
    expect((wb.Sheets.player!['!cols'] ?? []).map((c) => c.wch)).toEqual([30, 30, 30, 15, 25, 12, 25]);
  });
});
