import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../src/auth/session';
import { RootPage } from '../../src/landing/RootPage';
import { account, loginAs } from './fixtures';
import { recordApi } from './msw';

const renderRoot = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <RootPage />
    </MemoryRouter>,
  );
const player = account({ _id: '5', username: 'PL0005', role: 'player', roles: ['player'] });

describe('the root page of a stored player session', () => {
  it('a player forced out while away gets the login screen after a reload, and the dead token goes', async () => {
    loginAs('player', '5');
    const calls = recordApi(({ path }) => (path === '/api/auth/session' ? { status: 401, json: { success: false, message: 'Session expired.' } } : undefined));
    renderRoot();
    expect(await screen.findByRole('button', { name: /login/i })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/session']);
    expect(getToken()).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Play the best games' })).not.toBeInTheDocument();
  });

  it('a live player session shows the landing page', async () => {
    loginAs('player', '5');
    recordApi(({ path }) => (path === '/api/auth/session' ? { json: { success: true, user: player, roles: ['player'] } } : undefined));
    renderRoot();
    expect(await screen.findByRole('heading', { name: 'Play the best games' })).toBeInTheDocument();
  });
});
