import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { CatalogueList } from '../../src/catalogue/CatalogueList';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import type * as ExportRows from '../../src/tiers/exportRows';
import type { ExportSheet } from '../../src/tiers/exportRows';
import { loginAs } from './fixtures';
import { recordApi } from './msw';

const writeSheet = vi.hoisted(() => vi.fn(async (_s: ExportSheet) => {}));
vi.mock('../../src/tiers/exportRows', async (original) => ({ ...(await original<typeof ExportRows>()), writeSheet }));

const game = (n: number) => ({ id: String(n), _id: String(n), gameId: `G${n}`, gameName: `Game ${n}`, nodigit: 10, time: 60, status: 'active', publisher: 'house', images: [], logo: null });
const GAMES = Array.from({ length: 12 }, (_, i) => game(i + 1));

describe('a catalogue list’s Export to Excel', () => {
  it('writes the whole list (every page, not the ten shown) through the list’s exporter', async () => {
    loginAs('superadmin', '1');
    const calls = recordApi((c) => {
      if (c.path !== '/api/game') return undefined;
      const [from, to] = JSON.parse(c.query.range ?? '[0,9]') as [number, number];
      return { json: { success: true, data: GAMES.slice(from, to + 1), total: GAMES.length }, headers: { 'Content-Range': `game ${from}-${Math.min(to, 11)}/12` } };
    });
    const def = CATALOGUE.find((c) => c.page === 'gamemaster')!;
    render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('superadmin')} i18nProvider={i18nProvider}>
          <CatalogueList def={def} title="Games" />
        </AdminContext>
      </MemoryRouter>,
    );
    // A busy machine (the whole client suite at once) is slow to draw the list and to write the workbook.
    await screen.findByText('Game 10', {}, { timeout: 5000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(writeSheet).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const sheet = writeSheet.mock.calls[0]![0];
    expect(sheet.file).toBe('GamesList.xlsx');
    expect(sheet.rows).toHaveLength(12);
    expect(calls.filter((c) => c.path === '/api/game').at(-1)?.query.range).toBe('[0,499]');
  });
});
