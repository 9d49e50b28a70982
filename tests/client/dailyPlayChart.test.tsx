import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { DailyPlayChart, chartLayout, netPoints } from '../../src/dashboard/DailyPlayChart';
import { loginAs } from './fixtures';
import { recordApi } from './msw';

const days = [
  { day: '2026-11-22', playPoints: 0.1, winPoints: 0.2, endPoints: -0.1 },
  { day: '2026-11-23', playPoints: 8.2, winPoints: 2, endPoints: 6.2 },
];

describe('the dashboard chart', () => {
  it('asks 14 days of the subtree and sums them in cents', async () => {
    loginAs('admin');
    const calls = recordApi(() => ({ json: { success: true, data: days } }));
    render(
      <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider}>
        <DailyPlayChart />
      </AdminContext>,
    );
    expect(await screen.findByText('Play 8.30 · Win 2.20 · Net 6.10')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/api/reports/dailyplay', query: { days: '14' } });
    expect(screen.getByText('2026-11-23: Play 8.20, Win 2.00, Net 6.20')).toBeInTheDocument();
  });

  it('scales bars to the largest figure; a loss day still fits', () => {
    const l = chartLayout(days);
    expect(l.max).toBe(8.2);
    expect(l.y(8.2)).toBeLessThan(l.y(2));
    expect(l.base).toBe(l.y(0));
  });

  it('draws a negative net below the zero line, inside the chart', () => {
    const loss = [
      { day: '2026-11-22', playPoints: 10, winPoints: 40, endPoints: -30 },
      { day: '2026-11-23', playPoints: 20, winPoints: 5, endPoints: 15 },
    ];
    const l = chartLayout(loss);
    const [down, up] = netPoints(loss);
    expect(down!.y).toBeGreaterThan(l.base);
    expect(up!.y).toBeLessThan(l.base);
    expect(down!.y).toBeLessThanOrEqual(220);
    expect(l.y(40)).toBeGreaterThanOrEqual(0);
  });

  it('the rendered net line goes below the zero line on a loss day', async () => {
    loginAs('admin');
    recordApi(() => ({ json: { success: true, data: [days[0], { day: '2026-11-23', playPoints: 10, winPoints: 40, endPoints: -30 }] } }));
    const { container } = render(
      <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider}>
        <DailyPlayChart />
      </AdminContext>,
    );
    await screen.findByText('2026-11-23: Play 10.00, Win 40.00, Net -30.00');
    const zero = Number(container.querySelector('svg line')!.getAttribute('y1'));
    const points = container.querySelector('polyline')!.getAttribute('points')!.split(' ').map((p) => Number(p.split(',')[1]));
    expect(points[1]).toBeGreaterThan(zero);
  });
});
