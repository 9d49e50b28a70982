import * as XLSX from 'xlsx';
import { tierOf } from '../../resources.config';
import { exportJob, type ExportJobMessage, type ExportJobReply } from '../../src/tiers/exportJob';
import { exportShape } from '../../src/tiers/exportRows';
import { formatDateTime } from '../../src/tiers/cellValue';
import { account } from '../client/fixtures';

const TEXTS = { 'td.app.na': 'N/A', 'td.list.online': 'Online', 'td.list.offline': 'Offline' };

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

/** Runs a job over its messages; resolves with its last reply and the progress it gave. */
function run(messages: ExportJobMessage[]): Promise<{ last: ExportJobReply; progress: number[] }> {
  return new Promise((resolve) => {
    const progress: number[] = [];
    const job = exportJob((r) => (r.type === 'progress' ? progress.push(r.rows) : resolve({ last: r, progress })));
    for (const m of messages) job(m);
  });
}

const done = (r: ExportJobReply) => {
  if (r.type !== 'done') throw new Error(`no workbook: ${JSON.stringify(r)}`);
  return r;
};

/** Bytes cut at the given offsets (anywhere: inside a line, inside a character). */
function cut(text: string, at: number[]): ExportJobMessage[] {
  const bytes = new TextEncoder().encode(text);
  const edges = [0, ...at, bytes.length];
  return edges.slice(1).map((end, i) => ({ type: 'chunk', bytes: bytes.slice(edges[i], end).buffer }));
}

describe('the export worker’s workbook', () => {
  it('turns the streamed lines, cut anywhere, into the spec’s sheet: file, sheet, columns, widths, cells, in the list’s order', async () => {
    const sheet = exportShape(tierOf('player'))!;
    const records = Array.from({ length: 9 }, (_, i) =>
      account({ role: 'player', _id: String(i + 1), username: `PL${i + 1}`, walletBalance: i + 1.5, isLoggedIn: i % 3 === 0, lastLogin: i === 1 ? null : '2026-11-20T08:09:10.000Z', refId: { _id: '3', username: 'MAÜ&<3>' } }),
    );
    const ndjson = records.map((r) => `${JSON.stringify(r)}\n`).join('');
    // Cut inside the first line, inside the two bytes of its Ü, right after its newline, and inside a later line.
    const bytes = new TextEncoder().encode(ndjson);
    const at = [5, bytes.indexOf(0xc3) + 1, bytes.indexOf(10) + 1, bytes.indexOf(10) + 700];
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const { last, progress } = await run([{ type: 'start', sheet, texts: TEXTS }, ...cut(ndjson, at), { type: 'end' }]);
    const reply = done(last);
    expect(reply.file).toBe('playersList.xlsx');
    const back = readBack(reply.bytes);
    expect(back.names).toEqual(['player']);
    expect(back.widths).toEqual([30, 30, 30, 15, 25, 12, 25]);
    expect(back.shown[0]).toEqual(['UserName', 'Refer ID', 'Unique ID', 'Points', 'Date & Time', 'Is Online', 'Last Login']);
    expect(back.shown.slice(1).map((r) => r[0])).toEqual(records.map((r) => r.username));
    expect(back.shown[1]).toEqual(['PL1', 'MAÜ&<3>', '1', '1.50', formatDateTime(records[0]!.createdAt), 'Online', formatDateTime('2026-11-20T08:09:10.000Z')]);
    // Points are numbers shown with two decimals; a missing value is N/A.
    expect(back.raw[1]![3]).toBe(1.5);
    expect(back.shown[2]![6]).toBe('N/A');
    expect(back.shown.slice(1).map((r) => r[5])).toEqual(['Online', 'Offline', 'Offline', 'Online', 'Offline', 'Offline', 'Online', 'Offline', 'Offline']);
    expect(progress.at(-1)).toBe(9);
  });

  it('writes the header row alone for an empty list, and the child file name under a parent', async () => {
    const sheet = exportShape(tierOf('superareamanager'), true)!;
    const reply = done((await run([{ type: 'start', sheet, texts: TEXTS }, { type: 'end' }])).last);
    expect(reply.file).toBe('SuperDistributorsList.xlsx');
    expect(readBack(reply.bytes).shown).toEqual([['UserName', 'Refer ID', 'Unique ID', 'Points', 'Date & Time']]);
  });

  it('writes the admin list’s games joined by commas, and a last line without its newline', async () => {
    const sheet = exportShape(tierOf('admin'))!;
    const games = [
      { _id: '1', gameId: 'G1', gameName: 'Fun Target' },
      { _id: '3', gameId: 'G3', gameName: 'Triple Fun' },
    ];
    const reply = done((await run([{ type: 'start', sheet, texts: TEXTS }, ...cut(JSON.stringify(account({ games, walletBalance: 350 })), []), { type: 'end' }])).last);
    const back = readBack(reply.bytes);
    expect(back.shown.map((r) => r.slice(0, 5))).toEqual([
      ['UserName', 'Refer ID', 'Unique ID', 'Points', 'Games'],
      ['AD0007', 'superadmin', '7', '350.00', 'Fun Target, Triple Fun'],
    ]);
    expect(back.widths).toEqual([30, 30, 30, 15, 40, 25]);
  });

  it('fails on a line that is not JSON, and on rows sent before the sheet’s shape', async () => {
    const sheet = exportShape(tierOf('player'))!;
    expect((await run([{ type: 'start', sheet, texts: TEXTS }, ...cut('{"username":"PL1"}\n{"user', []), { type: 'end' }])).last.type).toBe('failed');
    expect((await run([{ type: 'end' }])).last).toEqual({ type: 'failed', message: "export: 'end' before 'start'" });
  });
});
