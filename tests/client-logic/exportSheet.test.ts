import { TIERS, tierOf } from '../../resources.config';
import { exportSheet } from '../../src/tiers/exportRows';
import { account } from '../client/fixtures';

const na = (k: string) => (k === 'td.app.na' ? 'N/A' : k === 'td.list.online' ? 'Online' : k === 'td.list.offline' ? 'Offline' : k);

describe('spreadsheet exports from the registry', () => {
  it('writes the admin list with its export columns, widths and games joined by commas', () => {
    const games = [
      { _id: '1', gameId: 'MNOQqWWi', gameName: 'Fun Target' },
      { _id: '3', gameId: 'zuuhVbBM', gameName: 'Triple Fun' },
    ];
    const sheet = exportSheet(tierOf('admin'), [account({ games, walletBalance: 1234.5 })], na);
    expect(sheet?.file).toBe('AdminsList.xlsx');
    expect(Object.keys(sheet!.rows[0])).toEqual(['UserName', 'Refer ID', 'Unique ID', 'Points', 'Games', 'Date & Time']);
    expect(sheet!.rows[0]).toMatchObject({ UserName: 'AD0007', 'Refer ID': 'superadmin', 'Unique ID': '7', Points: 1234.5, Games: 'Fun Target, Triple Fun' });
    expect(sheet!.widths.map((w) => w.wch)).toEqual([30, 30, 30, 15, 40, 25]);
  });

  it('names the super area manager file after where the list stands', () => {
    const sam = tierOf('superareamanager');
    expect(exportSheet(sam, [], na)?.file).toBe('superareamanagerList.xlsx');
    expect(exportSheet(sam, [], na, true)?.file).toBe('SuperDistributorsList.xlsx');
  });

  it('gives each lower tier its file and sheet, players with Is Online and Last Login, N/A for what is missing', () => {
    const expected = { areamanager: ['areamanagerList.xlsx', 'Area Manager'], master: ['masterList.xlsx', 'Master'], player: ['playersList.xlsx', 'player'] } as const;
    for (const [role, [file, sheetName]] of Object.entries(expected)) {
      const sheet = exportSheet(tierOf(role as keyof typeof expected), [account({ role: role as keyof typeof expected, refId: null, lastLogin: null, isLoggedIn: true })], na);
      expect([sheet?.file, sheet?.sheet]).toEqual([file, sheetName]);
      expect(sheet!.rows[0]['Refer ID']).toBe('N/A');
      if (role === 'player') expect(sheet!.rows[0]).toMatchObject({ 'Is Online': 'Online', 'Last Login': 'N/A' });
    }
  });

  it('exports nothing for a tier the registry gives no export', () => {
    for (const t of TIERS.filter((x) => !x.export)) expect(exportSheet(t, [account()], na)).toBeNull();
  });
});
