import { describe, expect, expectTypeOf, it } from 'vitest';
import { ROLES, STAFF_ROLES, TIERS, isStaff, type Role, type StaffRole } from '../../resources.config';

describe('role names come from the tier table', () => {
  it('Role and StaffRole are the literal unions of the table', () => {
    expectTypeOf<Role>().toEqualTypeOf<'superadmin' | 'admin' | 'superareamanager' | 'areamanager' | 'master' | 'player' | 'gift' | 'loan' | 'otc'>();
    expectTypeOf<StaffRole>().toEqualTypeOf<'superadmin' | 'admin' | 'superareamanager' | 'areamanager' | 'master'>();
  });

  it('ROLES and STAFF_ROLES list the table in its order, and agree with the hierarchy rules', () => {
    expect(ROLES).toEqual(TIERS.map((t) => t.role));
    expect(STAFF_ROLES).toEqual(ROLES.filter((r) => isStaff(r)));
    expect(STAFF_ROLES).toEqual(['superadmin', 'admin', 'superareamanager', 'areamanager', 'master']);
  });
});
