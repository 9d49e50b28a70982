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
import { recordApi } from './msw';

const saveBlob = vi.hoisted(() => vi.fn((_b: Blob, _name: string) => {}));
vi.mock('../../src/common/download', () => ({ saveBlob }));

const PLAYERS = Array.from({ length: 1203 }, (_, i) => account({ role: 'player', roles: ['player'], _id: String(i + 1), username: `PL${String(i + 1).padStart(4, '0')}`, walletBalance: i + 0.25 }));

describe('a tier list’s Export to Excel', () => {
  it('saves the whole filtered list as the spec’s workbook, read in pages of 500', async () => {
    loginAs('superadmin');
    const calls = recordApi(({ path, query }) => {
      if (path !== '/api/player/all') return undefined;
      const per = Number(query.perPage);
      const from = (Number(query.page) - 1) * per;
      return { json: { success: true, data: PLAYERS.slice(from, from + per), total: PLAYERS.length } };
    });
    render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('superadmin')} i18nProvider={i18nProvider}>
          <ListBase resource="player" sort={{ field: 'username', order: 'ASC' }} disableSyncWithLocation>
            <ExportTierButton scope={{ tier: tierOf('player') }} />
          </ListBase>
        </AdminContext>
      </MemoryRouter>,
    );
    const button = await screen.findByRole('button', { name: 'Export to Excel' });
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    const before = calls.length;
    await userEvent.setup().click(button);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled());

    const exportCalls = calls.slice(before);
    expect(exportCalls.map((c) => [c.query.page, c.query.perPage, c.query.sort, c.query.order])).toEqual(['1', '2', '3'].map((p) => [p, '500', 'username', 'ASC']));
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
