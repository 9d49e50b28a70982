import type { ComplaintRow, ComplaintStatus, LogRow } from '../../domain/api';
import type { AccountRecord } from '../../resources.config';
import { saveSession } from '../../src/auth/session';
import type { Role } from '../../resources.config';
import type { Answer } from '../../src/dataProvider/contract';

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

/** A game as the catalogue routes answer it. */
export const gameRow = (over: Partial<{ id: string; gameId: string; gameName: string; nodigit: number; time: number }> = {}) => {
  const id = over.id ?? '1';
  return { id, _id: id, gameId: 'MNOQqWWi', gameName: 'Fun Target', nodigit: 10, time: 60, ...over };
};

/** What a credit transfer or adjust answers: the ledger row's id and both balances after it. */
export const creditResult = (transactionId = 't1', sender = '1', receiver = '9') => ({
  transactionId,
  replayed: false,
  sender: { _id: sender, walletBalance: 100 },
  receiver: { _id: receiver, walletBalance: 10 },
});

/** A Contact Us message as the list answers it. */
export const complaintRow = (id: string, fullName: string, status: ComplaintStatus = 'Pending'): ComplaintRow => ({
  id,
  _id: id,
  enquiryType: 'Payment',
  fullName,
  email: `${fullName.toLowerCase().replace(' ', '.')}@example.com`,
  mobile: '+91 98765 43210',
  complaintDetails: 'My points did not arrive.',
  status,
  createdAt: '2026-01-02T03:04:05.000Z',
});

/** Contact Us's list answer: the rows, the total and the spec's pagination block beside them. */
export function complaintPage(rows: ComplaintRow[], page = 1, limit = 10, total = rows.length) {
  const pagination = { totalComplaints: total, currentPage: page, totalPages: Math.max(1, Math.ceil(total / limit)), limit };
  return { success: true, data: rows, total, pagination, ...pagination };
}

/** An activity-log row as Log Activities reads it. */
export const logRow = (n: number, over: Partial<LogRow> = {}): LogRow => ({
  id: String(n),
  _id: String(n),
  userId: '7',
  username: `AD000${n}`,
  subject: `Subject ${n}`,
  code: null,
  params: null,
  outcome: null,
  requestUrl: `/api/thing/${n}`,
  method: 'POST',
  ipAddress: '10.0.0.1',
  createdAt: '2026-01-02T03:04:05.000Z',
  ...over,
});

/** What a cloud transfer answers: the folder, where it went, its size and checksum. */
export const transferred = (folder: string, over: Partial<Answer<'backupTransfer'>> = {}): Answer<'backupTransfer'> => ({
  success: true,
  message: `Transferred ${folder}`,
  folder,
  location: `s3://backups/${folder}.tar.gz`,
  bytes: 2048,
  sha256: 'ab'.repeat(32),
  ...over,
});

/** What a commission send answers: the paid rows, the period, the footer's totals and the server's message. */
export const commissionSent = (data: Answer<'sendCommission'>['data'], over: Partial<Answer<'sendCommission'>> = {}): Answer<'sendCommission'> => ({
  success: true,
  message: 'Commission sent successfully',
  period: { from: '2026-03-10', to: '2026-03-10' },
  data,
  totals: {},
  ...over,
});
