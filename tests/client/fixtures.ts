import type { AccountRecord } from '../../resources.config';
import { saveSession } from '../../src/auth/session';
import type { Role } from '../../resources.config';

export function account(over: Partial<AccountRecord> = {}): AccountRecord {
  return {
    _id: '7',
    username: 'AD0007',
    role: 'admin',
    roles: ['admin'],
    status: 'active',
    userStatus: true,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '9000000001',
    dateOfBirth: '1990-05-01',
    country: 'IN',
    state: 'KA',
    city: 'Bengaluru',
    address: '1 Road',
    pinCode: '560001',
    occupation: null,
    commission: 5,
    note: 'add notes',
    refId: { _id: '1', username: 'superadmin' },
    walletBalance: 12.5,
    wallet: [{ individualCredit: 0 }],
    games: [{ _id: 'g1', gameId: 'MNOQqWWi', gameName: 'Fun Target' }],
    isLoggedIn: false,
    lastLogin: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    mayBackup: false,
    ...over,
  };
}

/** A logged-in session of the given role, expiring in 30 minutes. */
export function loginAs(role: Role, id = '1'): AccountRecord {
  const user = account({ _id: id, username: role, role, roles: [role] });
  saveSession('tok-123', user, role);
  return user;
}
