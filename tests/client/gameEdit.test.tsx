import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { CatalogueEdit } from '../../src/catalogue/CatalogueForm';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { loginAs } from './fixtures';
import { recordApi, server } from './msw';

const GAME = {
  id: '5',
  _id: '5',
  gameId: 'MNOQqWWi',
  gameName: 'Fun Target',
  nodigit: 10,
  time: 60,
  timeId: '2',
  status: 'active',
  publisher: 'house',
  gameDescription: 'Ten digits',
  releaseDate: '2026-01-01',
  label: false,
  images: [],
  logo: null,
};

describe('Edit Game (Logo optional)', () => {
  it('has the optional Logo field and sends a chosen logo as multipart with the other fields', async () => {
    loginAs('superadmin', '1');
    recordApi((c) => {
      if (c.path === '/api/game/5') return { json: { success: true, data: GAME } };
      if (c.path === '/api/time') return { json: { success: true, data: [{ id: '2', _id: '2', timecount: 60 }], total: 1 }, headers: { 'Content-Range': 'time 0-0/1' } };
      return undefined;
    });
    let sent: FormData | null = null;
    server.use(
      http.put('*/api/game/5', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ success: true, data: { ...GAME, logo: 'aa.png' } });
      }),
    );
    const CatalogueGame = CATALOGUE.find((c) => c.page === 'gamemaster')!;
    render(
      <MemoryRouter initialEntries={['/gamemaster/edit/5']}>
        <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('superadmin')} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/gamemaster/edit/:id" element={<CatalogueEdit def={CatalogueGame} />} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    const logo = await screen.findByLabelText('Logo');
    const user = userEvent.setup();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', { type: 'image/png' });
    await user.upload(logo, png);
    await user.click(screen.getByRole('button', { name: /submit/i }));
    await waitFor(() => expect(sent).not.toBeNull());
    const form = sent as unknown as FormData;
    // A file part (jsdom's FormData loses the name and bytes on the way through msw: that it is a file is what is checked).
    const part = form.get('logo');
    expect(typeof part).not.toBe('string');
    expect(form.get('gameName')).toBe('Fun Target');
    expect(form.get('gameDescription')).toBe('Ten digits');
  });
});
