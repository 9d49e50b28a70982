import { describe, expect, it } from 'vitest';
import { roleCanAccess } from '../../src/auth/authProvider';
import { visibleMenu } from '../../src/layout/screens';
import type { StaffRole } from '../../resources.config';

const tiersOf = (role: StaffRole) => visibleMenu(role).tiers.map((t) => t.role);

describe('role menus: tiers below the role, pages by role', () => {
  it('each role sees exactly the tiers it manages', () => {
    expect(tiersOf('superadmin')).toEqual(['admin', 'superareamanager', 'areamanager', 'master', 'player', 'gift', 'loan', 'otc']);
    expect(tiersOf('admin')).toEqual(['superareamanager', 'areamanager', 'master', 'player']);
    expect(tiersOf('superareamanager')).toEqual(['areamanager', 'master', 'player']);
    expect(tiersOf('areamanager')).toEqual(['master', 'player']);
    expect(tiersOf('master')).toEqual(['player']);
    expect(visibleMenu('player').tiers).toEqual([]);
  });

  it('only pages with screens in this build appear, in the registry order and for the roles it names', () => {
    const built = (role: StaffRole) => visibleMenu(role).pages.map((p) => p.key);
    expect(built('superadmin')).toEqual([
      'dashboard', 'timemaster', 'gamemaster', 'onlineplayers', 'gamehistory', 'winpercentage', 'turnoverreport',
      'transactionreport', 'commissionpayoutReport', 'admincommissionreport', 'logactivities', 'backups', 'contactus', 'profile',
    ]);
    expect(built('admin')).toEqual([
      'dashboard', 'onlineplayers', 'gamehistory', 'winpercentage', 'revenuereport', 'transactionreport', 'commissionpayoutReport',
      'admincommissionreport', 'commission', 'logactivities', 'backups', 'clearhistory', 'contactus', 'profile',
    ]);
    for (const role of ['superareamanager', 'areamanager', 'master'] as const)
      expect(built(role)).toEqual(['dashboard', 'onlineplayers', 'gamehistory', 'turnoverreport', 'transactionreport', 'commissionpayoutReport', 'profile']);
    expect(visibleMenu('master').pages.map((p) => p.key)).not.toContain('backups');
  });

  it('canAccess follows the hierarchy: system kinds are the superadmin’s only', () => {
    expect(roleCanAccess('superadmin', 'gift')).toBe(true);
    expect(roleCanAccess('admin', 'gift')).toBe(false);
    expect(roleCanAccess('admin', 'admin')).toBe(false);
    expect(roleCanAccess('master', 'player')).toBe(true);
    expect(roleCanAccess('master', 'areamanager')).toBe(false);
    expect(roleCanAccess('master', 'dashboard')).toBe(true);
    expect(roleCanAccess('master', 'backups')).toBe(false);
  });
});
