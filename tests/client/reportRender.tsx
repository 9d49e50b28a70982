import { render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { REPORTS, routeOfReport, type Role } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ReportFrame } from '../../src/reports/ReportFrame';

/** Where the router is: path and query, for the drill-down and Back. */
function Location() {
  const l = useLocation();
  return <output aria-label="location">{`${l.pathname}${l.search}`}</output>;
}

/** The report screens at their declared routes (as src/pages/screens.tsx registers them), opened at `url`. */
export function renderReports(url: string, role: Role) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(role)} i18nProvider={i18nProvider}>
        <Routes>
          {REPORTS.map((r) => (
            <Route key={r.key} path={`/${routeOfReport(r)}`} element={<ReportFrame def={r} />} />
          ))}
        </Routes>
        <Location />
      </AdminContext>
    </MemoryRouter>,
  );
}

export const location = () => screen.getByRole('status', { name: 'location' }).textContent;

/** A local day's bounds as the report call sends them. */
export const dayStart = (y: number, m: number, d: number) => new Date(y, m, d).toISOString();
export const dayEnd = (y: number, m: number, d: number) => new Date(y, m, d, 23, 59, 59, 999).toISOString();

export const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
/** A summary card's figure. */
export const card = (label: string) => within(screen.getByRole('region', { name: label })).getAllByText(/./).at(-1)?.textContent;
/** The Total row of the report table. */
export const totalRow = (table: HTMLElement) => within(table).getByRole('cell', { name: 'Total' }).closest('tr')!;
