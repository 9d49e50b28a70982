import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import type { FailingRound } from '../../domain/api';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { EngineHealth } from '../../src/dashboard/EngineHealth';
import { DelayedRounds } from '../../src/games/DelayedRounds';
import { ResultsStrip } from '../../src/games/console/ResultsStrip';
import { loginAs } from './fixtures';
import { recordApi } from './msw';

const inAdmin = (ui: React.ReactNode) => render(
    <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider}>
      {ui}
    </AdminContext>,
  );

const FAILING: FailingRound = { roundId: '9', drawNo: 29925300, gameName: 'Fun Target', admin: 'AD0005', attempts: 4, code: 'ERR_OUT_OF_RANGE', lastAttemptAt: '2026-11-25T10:00:30.000Z', nextAttemptAt: '2026-11-25T10:01:00.000Z' };

describe('the round engine on the superadmin dashboard', () => {
  afterEach(() => i18nProvider.changeLocale('en'));

  it('shows the rounds behind and each failing round in words with its error code', async () => {
    loginAs('superadmin');
    const calls = recordApi(() => ({ json: { success: true, data: { roundsBehind: 3, oldestClosedAt: '2026-11-25T10:00:00.000Z', failing: [FAILING] } } }));
    inAdmin(<EngineHealth />);
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(screen.getByText('Rounds behind')).toBeInTheDocument();
    expect(screen.getByText('One round fails to settle and is retried')).toBeInTheDocument();
    expect(screen.getByText('Round #29925300 of Fun Target (admin AD0005) could not be settled and is retried: attempt 4, error code ERR_OUT_OF_RANGE.')).toBeInTheDocument();
    expect(calls[0].path).toBe('/api/games/engine');
  });

  it('says it in Hindi in Hindi mode (the code stays a code)', async () => {
    await i18nProvider.changeLocale('hi');
    loginAs('superadmin');
    recordApi(() => ({ json: { success: true, data: { roundsBehind: 1, oldestClosedAt: null, failing: [FAILING] } } }));
    inAdmin(<EngineHealth />);
    expect(await screen.findByTestId('rounds-failing')).toHaveTextContent('Fun Target का राउंड #29925300 (एडमिन AD0005) निपटाया नहीं जा सका और दोबारा आज़माया जा रहा है: प्रयास 4, त्रुटि कोड ERR_OUT_OF_RANGE।');
    expect(screen.getByTestId('rounds-failing')).not.toHaveTextContent(/out of range/);
  });

  it('shows 0 and no alarm when the engine keeps up', async () => {
    loginAs('superadmin');
    recordApi(() => ({ json: { success: true, data: { roundsBehind: 0, oldestClosedAt: null, failing: [] } } }));
    inAdmin(<EngineHealth />);
    expect(await screen.findByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("an admin's delayed rounds (dashboard and console)", () => {
  afterEach(() => i18nProvider.changeLocale('en'));
  const delayed = (n: number) => ({
    json: {
      success: true,
      data: { count: n, rounds: Array.from({ length: Math.min(n, 3) }, (_, i) => ({ roundId: String(i + 1), drawNo: 700 + i, gameId: 'MNOQqWWi', gameName: 'Fun Target', admin: 'AD0005', closesAt: '2026-11-25T10:00:00.000Z' })) },
    },
  });

  it('names the round and the game, and counts the rest', async () => {
    loginAs('admin', '5');
    const calls = recordApi(() => delayed(5));
    inAdmin(<DelayedRounds adminId="5" gameId="MNOQqWWi" />);
    const alert = await screen.findByTestId('delayed-rounds');
    expect(alert).toHaveTextContent('Results are delayed: the server is retrying round #700 of Fun Target');
    expect(alert).toHaveTextContent('round #702 of Fun Target');
    expect(alert).toHaveTextContent('and 2 more rounds');
    expect(calls[0]).toMatchObject({ path: '/api/games/engine/delayed', query: { adminId: '5', gameId: 'MNOQqWWi' } });
  });

  it('in Hindi', async () => {
    await i18nProvider.changeLocale('hi');
    loginAs('admin', '5');
    recordApi(() => delayed(1));
    inAdmin(<DelayedRounds />);
    expect(await screen.findByTestId('delayed-rounds')).toHaveTextContent('परिणाम में देरी: सर्वर Fun Target के राउंड #700 को दोबारा आज़मा रहा है');
  });

  it('shows nothing while no round waits', async () => {
    loginAs('admin', '5');
    const calls = recordApi(() => ({ json: { success: true, data: { count: 0, rounds: [] } } }));
    inAdmin(<DelayedRounds />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('delayed-rounds')).toBeNull();
  });
});

describe('the results strip', () => {
  it('shows a voided round as Refunded, by its number', () => {
    loginAs('admin', '5');
    recordApi();
    inAdmin(
      <ResultsStrip
        adminId="5"
        results={[
          { roundId: '2', drawno: null, roundNo: 701, result: null, label: null, booster: null, refunded: true },
          { roundId: '1', drawno: '7', roundNo: 700, result: '7', label: '7', booster: 2, refunded: false },
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Draw 701 was voided and every stake refunded: why' })).toHaveTextContent('#701 Refunded');
    expect(screen.getByRole('button', { name: 'Result 7 of draw 700: how it was chosen' })).toHaveTextContent('7 2x');
  });
});
