import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { translate } from '../../src/i18n/translate';
import { COMMISSION_TIERS, type CommissionColumn, type PageKey, type ReportText, type TurnoverRow } from '../../resources.config';
import { ADMIN_COMMISSION_REPORT, REVENUE_BY_ID_REPORT, REVENUE_REPORT, TURNOVER_REPORT } from '../../resources/reports';
import { reportSheet } from '../../src/reports/reportDef';
import { periodOf, reportQuery, viewOf, viewSearch } from '../../src/reports/useReport';
import { code, ROOT, sources } from './sources';

// The English catalogue's words for each key (the report's declaration wrote them there).
const t = (text: ReportText) => translate(text.key);

const turnover = (over: Partial<TurnoverRow>): TurnoverRow => ({
  id: '1',
  username: 'AD0001',
  role: 'admin',
  compercentage: 0,
  playPoints: 0,
  winPoints: 0,
  endPoints: 0,
  ...(Object.fromEntries(COMMISSION_TIERS.map((c) => [c.commission.column, 0])) as Pick<TurnoverRow, CommissionColumn>),
  commission: 0,
  netToPay: 0,
  ...over,
});

// Row A: 0.30 played, 0.10 to the super area manager; row B: 0.20 to the area manager, no play.
const ROWS = [
  turnover({ id: '11', username: 'AD0011', playPoints: 0.3, endPoints: 0.3, supercom: 0.1, commission: 0.1, netToPay: 0.2 }),
  turnover({ id: '12', username: 'AD0012', distcom: 0.2, commission: 0.2, netToPay: -0.2 }),
];

describe('report declarations: sheets and totals', () => {
  it('writes the turnover sheet with its export columns, in order, numbers as numbers', () => {
    const rows = [
      turnover({ username: 'SAM0008', playPoints: 1234.5, winPoints: 900, endPoints: 334.5, supercom: 61.73, distcom: 37.04, retailcom: 24.69, usercom: 12.35, commission: 135.81, netToPay: 198.69 }),
      turnover({ id: '2', username: 'SAM0009', playPoints: 0.1, endPoints: 0.1, netToPay: 0.1 }),
    ];
    const sheet = reportSheet(TURNOVER_REPORT, rows, t)!;
    expect([sheet.file, sheet.sheet]).toEqual(['TurnoverReport.xlsx', 'Turnover Report']);
    expect(Object.keys(sheet.rows[0])).toEqual(['UserName', 'Play Points', 'Win Points', 'End Points', 'Super Commission', 'Distributor Commission', 'Retailer Commission', 'Net']);
    expect(sheet.rows).toEqual([
      { UserName: 'SAM0008', 'Play Points': 1234.5, 'Win Points': 900, 'End Points': 334.5, 'Super Commission': 61.73, 'Distributor Commission': 37.04, 'Retailer Commission': 24.69, Net: 198.69 },
      { UserName: 'SAM0009', 'Play Points': 0.1, 'Win Points': 0, 'End Points': 0.1, 'Super Commission': 0, 'Distributor Commission': 0, 'Retailer Commission': 0, Net: 0.1 },
    ]);
    expect(sheet.widths).toHaveLength(8);
    expect(sheet.wholeColumns).toEqual([]);
  });

  it('sums the turnover footer in cents and applies the commission and net formulas to it', () => {
    const { totals } = TURNOVER_REPORT.read({ success: true, data: ROWS });
    // Float sums would give 0.30000000000000004 and a Net of −0.00.
    expect(totals).toEqual({ playPoints: 0.3, winPoints: 0, endPoints: 0.3, supercom: 0.1, distcom: 0.2, retailcom: 0, usercom: 0, commission: 0.3, netToPay: 0 });
    expect(Object.is(totals.netToPay, 0)).toBe(true);
  });

  it('computes admin commission per row as total points × win percentage / 100 and exports AdminCommissionData', () => {
    const { rows, totals } = ADMIN_COMMISSION_REPORT.read({
      data: [
        { gameId: 'MNOQqWWi', gameName: 'Fun Target', username: 'AD0001', nofDigit: 10, winpercentage: 90, totalpoints: 214, totalwinpoints: 900 },
        { gameId: 'vwRORrGO', gameName: 'Fun Roullet', username: 'AD0001', nofDigit: 38, winpercentage: 33.33, totalpoints: 0.1, totalwinpoints: 0.2 },
      ],
    });
    expect(rows.map((r) => r.commission)).toEqual([192.6, 0.03]);
    expect(totals).toEqual({ commission: 192.63, totalpoints: 214.1, totalwinpoints: 900.2 });
    const sheet = reportSheet(ADMIN_COMMISSION_REPORT, rows, t)!;
    expect([sheet.file, Object.keys(sheet.rows[0])]).toEqual([
      'AdminCommissionData.xlsx',
      ['Game ID', 'Game Name', 'Username', 'No of Digit', 'Win Percentage', 'Total Points', 'Total Win Points', 'Commission'],
    ]);
    expect(sheet.rows[0]).toMatchObject({ 'No of Digit': 10, 'Win Percentage': 90, 'Total Points': 214, Commission: 192.6 });
    expect(sheet.wholeColumns).toEqual(['No of Digit']);
  });

  it('leaves gift, loan and otc out of the revenue-by-id totals (the server’s, else by the same rule) but not out of the rows', () => {
    const rows = [
      { id: '5', username: 'SAM0005', role: 'superareamanager', playPoints: 0.1, winPoints: 0, endPoints: 0.1, commission: 0.01, netToPay: 0.09 },
      { id: '6', username: 'GF0006', role: 'gift', playPoints: 50, winPoints: 0, endPoints: 50, commission: 0, netToPay: 50 },
      { id: '7', username: 'LN0007', role: 'loan', playPoints: 20, winPoints: 0, endPoints: 20, commission: 0, netToPay: 20 },
      { id: '8', username: 'SAM0008', role: 'superareamanager', playPoints: 0.2, winPoints: 1, endPoints: -0.8, commission: 0.02, netToPay: -0.82 },
    ];
    const own = REVENUE_BY_ID_REPORT.read({ data: rows });
    expect(own.rows).toHaveLength(4);
    expect(own.totals).toEqual({ playPoints: 0.3, winPoints: 1, endPoints: -0.7, commission: 0.03, netToPay: -0.73 });
    const server = { playPoints: 1, winPoints: 2, endPoints: -1, commission: 0, netToPay: -1 };
    expect(REVENUE_BY_ID_REPORT.read({ data: rows, totals: server }).totals).toEqual(server);
    // The top revenue report sums every row it gets.
    expect(REVENUE_REPORT.read({ data: rows }).totals.playPoints).toBe(70.3);
  });
});

describe('report pages', () => {
  it('keep the page keys a closed list (the Hindi words and the screens are complete by type): a report adds its literal key, never `string`', () => {
    expectTypeOf<'turnoverreport' | 'revenuereport' | 'admincommissionreport'>().toExtend<PageKey>();
    expectTypeOf<string>().not.toExtend<PageKey>();
  });

  it('declare their schemas as functions of the zod the server hands in: the registry and domain load no zod, so the client does not', () => {
    const files = [join(ROOT, 'resources.config.ts'), ...sources(join(ROOT, 'resources')), ...sources(join(ROOT, 'domain'))];
    const loading = files.filter((f) => /^\s*import\s+(?!type\b)[^;]*from\s+'zod'/m.test(code(readFileSync(f, 'utf8'))));
    expect(loading.map((f) => f.slice(ROOT.length + 1))).toEqual([]);
  });
});

describe('report view from the URL query', () => {
  const NOW = new Date(2026, 2, 11, 10, 30); // a Wednesday
  const q = (s: string) => new URLSearchParams(s);

  it('is today without dates or when one does not parse, the URL’s range otherwise', () => {
    expect(reportQuery(viewOf(q(''), NOW))).toEqual({ role: undefined, id: undefined, startDate: new Date(2026, 2, 11).toISOString(), endDate: new Date(2026, 2, 11, 23, 59, 59, 999).toISOString() });
    expect(viewOf(q(`startDate=garbage&endDate=${new Date(2026, 1, 1).toISOString()}`), NOW).code).toBe(7);
    const start = new Date(2026, 2, 4).toISOString();
    const end = new Date(2026, 2, 10, 23, 59, 59, 999).toISOString();
    const view = viewOf(q(`role=admin&id=9&startDate=${start}&endDate=${end}`), NOW);
    expect(reportQuery(view)).toEqual({ role: 'admin', id: '9', startDate: start, endDate: end });
    expect(view.code).toBe(4); // Last Week
  });

  it('names the period button a range is, Date Range for any other range', () => {
    expect(periodOf({ start: new Date(2026, 2, 1), end: new Date(2026, 2, 31, 23, 59, 59, 999) }, NOW)).toBe(2);
    expect(periodOf({ start: new Date(2026, 2, 8), end: new Date(2026, 2, 14, 23, 59, 59, 999) }, NOW)).toBe(5);
    expect(periodOf({ start: new Date(2026, 2, 2), end: new Date(2026, 2, 3, 23, 59, 59, 999) }, NOW)).toBe(8);
  });

  it('carries role, id, startDate and endDate into a drill-down', () => {
    const range = { start: new Date(2026, 2, 11), end: new Date(2026, 2, 11, 23, 59, 59, 999) };
    expect(Object.fromEntries(new URLSearchParams(viewSearch({ role: 'master', id: '31' }, range)))).toEqual({
      role: 'master',
      id: '31',
      startDate: range.start.toISOString(),
      endDate: range.end.toISOString(),
    });
  });
});
