import * as XLSX from 'xlsx';
import { tierOf } from '../../resources.config';
import { exportJob } from '../../src/tiers/exportJob';
import { exportSheet } from '../../src/tiers/exportRows';
import { account } from '../client/fixtures';

const t = (k: string) => (k === 'td.app.na' ? 'N/A' : k === 'td.list.online' ? 'Online' : k === 'td.list.offline' ? 'Offline' : k);

/** The workbook the export worker answers, read back as a spreadsheet program would. */
function readBack(bytes: ArrayBuffer) {
  const wb = XLSX.read(new Uint8Array(bytes), { type: 'array', cellStyles: true });
  const ws = wb.Sheets[wb.SheetNames[0]!]!;
  return {
    names: wb.SheetNames,
    widths: (ws['!cols'] ?? []).map((c) => c.wch),
    shown: XLSX.utils.sheet_to_json<string[]>(ws, { header: 1, raw: false }),
    raw: XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true }),
  };
}

describe('the export worker’s workbook', () => {
  it('puts pages that arrive out of order back in the list’s order, with the spec’s file, sheet, columns and widths', () => {
    const player = tierOf('player');
    const page = (from: number) =>
      exportSheet(player, Array.from({ length: 3 }, (_, i) => account({ role: 'player', _id: String(from + i), username: `PL${from + i}`, walletBalance: from + i + 0.5, isLoggedIn: i === 0 })), t)!;
    const { rows: _empty, ...sheet } = exportSheet(player, [], t)!;
    const job = exportJob();
    expect(job({ type: 'start', sheet })).toBeUndefined();
    // Read in parallel: page 3 may come back before page 1.
    expect(job({ type: 'page', index: 2, rows: page(7).rows })).toBeUndefined();
    job({ type: 'page', index: 0, rows: page(1).rows });
    job({ type: 'page', index: 1, rows: page(4).rows });
    const reply = job({ type: 'end' });
    if (reply?.type !== 'done') throw new Error(`no workbook: ${JSON.stringify(reply)}`);
    expect(reply.file).toBe('playersList.xlsx');
    const back = readBack(reply.bytes);
    expect(back.names).toEqual(['player']);
    expect(back.widths).toEqual([30, 30, 30, 15, 25, 12, 25]);
    expect(back.shown[0]).toEqual(['UserName', 'Refer ID', 'Unique ID', 'Points', 'Date & Time', 'Is Online', 'Last Login']);
    expect(back.shown.slice(1).map((r) => r[0])).toEqual(['PL1', 'PL2', 'PL3', 'PL4', 'PL5', 'PL6', 'PL7', 'PL8', 'PL9']);
    // Points are numbers shown with two decimals.
    expect(back.shown[1]![3]).toBe('1.50');
    expect(back.raw[1]![3]).toBe(1.5);
    expect(back.shown.slice(1).map((r) => r[5])).toEqual(['Online', 'Offline', 'Offline', 'Online', 'Offline', 'Offline', 'Online', 'Offline', 'Offline']);
  });

  it('writes the headers alone for an empty list, and the child file name under a parent', () => {
    const { rows: _empty, ...sheet } = exportSheet(tierOf('superareamanager'), [], t, true)!;
    const job = exportJob();
    job({ type: 'start', sheet });
    job({ type: 'page', index: 0, rows: [] });
    const reply = job({ type: 'end' });
    if (reply?.type !== 'done') throw new Error(`no workbook: ${JSON.stringify(reply)}`);
    expect(reply.file).toBe('SuperDistributorsList.xlsx');
    expect(readBack(reply.bytes).shown).toEqual([]);
  });

  it('writes a page whose predecessor never came (the list shrank while it was read) after the others, on end', () => {
    const player = tierOf('player');
    const { rows: _empty, ...sheet } = exportSheet(player, [], t)!;
    const rowsOf = (name: string) => exportSheet(player, [account({ role: 'player', username: name })], t)!.rows;
    const job = exportJob();
    job({ type: 'start', sheet });
    job({ type: 'page', index: 2, rows: rowsOf('PL3') });
    job({ type: 'page', index: 0, rows: rowsOf('PL1') });
    const reply = job({ type: 'end' });
    if (reply?.type !== 'done') throw new Error(`no workbook: ${JSON.stringify(reply)}`);
    expect(readBack(reply.bytes).shown.map((r) => r[0])).toEqual(['UserName', 'PL1', 'PL3']);
  });

  it('refuses rows sent before the sheet’s shape', () => {
    expect(exportJob()({ type: 'page', index: 0, rows: [] })).toEqual({ type: 'failed', message: "export: 'page' before 'start'" });
  });
});
