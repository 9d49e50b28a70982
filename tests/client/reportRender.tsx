import { render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Role } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ADMIN_COMMISSION_REPORT } from '../../src/reports/adminCommissionReport';
import { ReportFrame } from '../../src/reports/ReportFrame';
import { REVENUE_BY_ID_REPORT, REVENUE_REPORT } from '../../src/reports/revenueReport';
import { TURNOVER_REPORT } from '../../src/reports/turnoverReport';

/** Where the router is: path and query, for the drill-down and Back. */
function Location() {
  const l = useLocation();
  return <output aria-label="location">{`${l.pathname}${l.search}`}</output>;
}

/** The report screens at their routes (as src/pages/screens.tsx registers them), opened at `url`. */
export function renderReports(url: string, role: Role) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(role)} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/turnoverreport" element={<ReportFrame def={TURNOVER_REPORT} />} />
          <Route path="/revenuereport" element={<ReportFrame def={REVENUE_REPORT} />} />
          <Route path="/revenuereport/revenuebyid" element={<ReportFrame def={REVENUE_BY_ID_REPORT} />} />
          <Route path="/admincommissionreport" element={<ReportFrame def={ADMIN_COMMISSION_REPORT} />} />
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
