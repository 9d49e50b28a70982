import { describe, expect, expectTypeOf, it } from 'vitest';
import { ROLES, STAFF_ROLES, TIERS, isStaff, type Role, type StaffRole } from '../../resources.config';

describe('role names come from the tier table', () => {
  it('Role and StaffRole are the literal unions of the table (a tier added there is a role everywhere)', () => {
    expectTypeOf<Role>().toEqualTypeOf<(typeof TIERS)[number]['role']>();
    // Literals, not string: a misspelt role does not compile.
    expectTypeOf<string>().not.toEqualTypeOf<Role>();
    expectTypeOf<StaffRole>().toMatchTypeOf<Role>();
    expectTypeOf<'superadmin' | 'admin' | 'superareamanager' | 'areamanager' | 'master' | 'player' | 'gift' | 'loan' | 'otc'>().toMatchTypeOf<Role>();
  });

  it('ROLES and STAFF_ROLES list the table in its order, and agree with the hierarchy rules', () => {
    expect(ROLES).toEqual(TIERS.map((t) => t.role));
    expect(STAFF_ROLES).toEqual(ROLES.filter((r) => isStaff(r)));
    // The hierarchy's levels keep their order whatever tier is added between them.
    const levels = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'];
    expect(STAFF_ROLES.filter((r) => levels.includes(r))).toEqual(levels);
  });
});
