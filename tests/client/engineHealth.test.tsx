import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { EngineHealth } from '../../src/dashboard/EngineHealth';
import { loginAs } from './fixtures';
import { recordApi } from './msw';

const renderHealth = () =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <EngineHealth />
    </AdminContext>,
  );

describe('the round engine on the superadmin dashboard', () => {
  it('shows the rounds behind and the first failing round’s error', async () => {
    loginAs('superadmin');
    const calls = recordApi(() => ({
      json: { success: true, data: { roundsBehind: 3, oldestClosedAt: '2026-11-25T10:00:00.000Z', failing: [{ roundId: '9', attempts: 4, error: 'injected fault', nextAttemptAt: '2026-11-25T10:01:00.000Z' }] } },
    }));
    renderHealth();
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(screen.getByText('Rounds behind')).toBeInTheDocument();
    expect(screen.getByText('One round fails to settle and is retried: injected fault')).toBeInTheDocument();
    expect(calls[0].path).toBe('/api/games/engine');
  });

  it('shows 0 and no alarm when the engine keeps up', async () => {
    loginAs('superadmin');
    recordApi(() => ({ json: { success: true, data: { roundsBehind: 0, oldestClosedAt: null, failing: [] } } }));
    renderHealth();
    expect(await screen.findByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
