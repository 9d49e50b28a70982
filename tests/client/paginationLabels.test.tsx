/**
 * The page buttons of a server-paged screen are named in the user's language at both widths. Below
 * 900 px react-admin draws MUI's compact TablePagination, whose previous/next buttons kept MUI's
 * English names ("Go to next page") on a Hindi screen; ScreenPagination gives them react-admin's
 * ra.navigation.* texts.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { OnlinePlayersPage } from '../../src/games/history/OnlinePlayersPage';
import { hiRa } from '../../src/i18n/hiRa';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { loginAs } from './fixtures';
import { recordApi } from './msw';

const jsdomMatchMedia = window.matchMedia;

/** The viewport as MUI's media queries see it: `max-width` queries hold when the screen is narrow. */
function viewport(narrow: boolean) {
  window.matchMedia = (query: string) =>
    ({ matches: narrow && query.includes('max-width'), media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

afterEach(async () => {
  window.matchMedia = jsdomMatchMedia;
  await i18nProvider.changeLocale('en');
});

const player = (n: number) => ({ _id: String(n), username: `PL${String(n).padStart(4, '0')}`, points: 0, playPoints: 0, winPoints: 0, claimPoints: 0, endPoints: 0, isOnline: false, lastLogin: null });

async function openInHindi() {
  loginAs('master', '42');
  const calls = recordApi((c) => {
    if (c.path !== '/api/onlinePlayer') return undefined;
    const page = Number(c.query.page);
    return { json: { success: true, total: 11, data: page === 1 ? Array.from({ length: 10 }, (_, i) => player(i + 1)) : [player(11)] } };
  });
  await i18nProvider.changeLocale('hi');
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('master')} i18nProvider={i18nProvider}>
        <OnlinePlayersPage />
      </AdminContext>
    </MemoryRouter>,
  );
  await screen.findByRole('cell', { name: 'PL0010' });
  return calls;
}

describe('page buttons in Hindi', () => {
  it('below 900 px (the compact pagination) the previous and next buttons have Hindi names, and next turns the page', async () => {
    viewport(true);
    const calls = await openInHindi();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to previous page' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: hiRa.ra.navigation.previous })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: hiRa.ra.navigation.next }));
    await screen.findByRole('cell', { name: 'PL0011' });
    expect(calls.filter((c) => c.path === '/api/onlinePlayer').map((c) => c.query.page)).toEqual(['1', '2']);
  });

  it('at full width the page buttons have Hindi names too', async () => {
    viewport(false);
    await openInHindi();
    expect(screen.getByRole('button', { name: hiRa.ra.navigation.next })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
  });
});
