import type { AccountRecord } from '../../resources.config';
import { centsToPoints } from '../../domain/money';
import { hasFlag, type Role } from '../../resources.config';
import type { AccountTableRow } from '../access/rows';

type Table = AccountTableRow;

/**
 * The columns every account read selects (see ACCOUNT_SELECT); never a hash. Names and nullability come from
 * the Drizzle schema; int8/numeric/date columns arrive as text (the driver's and ACCOUNT_SELECT's casts).
 */
export type AccountRow = Pick<
  Table,
  | 'username'
  | 'role'
  | 'path'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'country'
  | 'state'
  | 'city'
  | 'address'
  | 'pin_code'
  | 'occupation'
  | 'note'
  | 'active'
  | 'may_backup'
> & {
  id: Table['id'] | string;
  parent_id: Table['parent_id'] | string;
  date_of_birth: Table['date_of_birth'] | Date;
  commission: Table['commission'] | number;
  wallet_balance: string | number;
  last_login: Table['last_login'] | string;
  created_at: Table['created_at'] | string;
  parent_username: Table['username'] | null;
  parent_wallet: string | number | null;
  parent_role: Table['role'] | null;
  is_logged_in: boolean;
  games: { _id: string; gameId: string; gameName: string }[] | string | null;
  total?: string | number;
};

/**
 * One SELECT list for every account read: the parent summary, live online state
 * (an unexpired session) and the admin's games come along in the same round trip.
 */
export const ACCOUNT_SELECT = `
  a.id, a.username, a.role, a.path, a.parent_id, a.first_name, a.last_name, a.email, a.phone,
  to_char(a.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, a.country, a.state, a.city, a.address, a.pin_code,
  a.occupation, a.commission::text AS commission, a.note, a.active, a.may_backup, a.wallet_balance::text AS wallet_balance,
  a.last_login, a.created_at,
  p.username AS parent_username, p.wallet_balance::text AS parent_wallet, p.role AS parent_role,
  EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND s.revoked_at IS NULL AND s.expires_at > now()) AS is_logged_in,
  (SELECT coalesce(json_agg(json_build_object('_id', g.id::text, 'gameId', g.game_id, 'gameName', g.game_name) ORDER BY g.id), '[]'::json)
     FROM account_games ag JOIN games g ON g.id = ag.game_id WHERE ag.account_id = a.id) AS games`;

export const ACCOUNT_FROM = `accounts a LEFT JOIN accounts p ON p.id = a.parent_id`;

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

export function toAccountRecord(r: AccountRow): AccountRecord {
  const walletBalance = centsToPoints(String(r.wallet_balance));
  const games = typeof r.games === 'string' ? (JSON.parse(r.games) as AccountRecord['games']) : (r.games ?? []);
  const dob = r.date_of_birth instanceof Date ? r.date_of_birth.toISOString().slice(0, 10) : r.date_of_birth;
  return {
    _id: String(r.id),
    username: r.username,
    role: r.role as Role,
    roles: [r.role as Role],
    status: r.active ? 'active' : 'inactive',
    userStatus: r.active,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    dateOfBirth: dob,
    country: r.country,
    state: r.state,
    city: r.city,
    address: r.address,
    pinCode: r.pin_code,
    occupation: r.occupation,
    commission: Number(r.commission),
    note: r.note,
    refId:
      r.parent_id === null || r.parent_username === null
        ? null
        : {
            _id: String(r.parent_id),
            username: r.parent_username,
            ...(hasFlag(r.role, 'showsParentWallet') && r.parent_wallet !== null ? { walletBalance: centsToPoints(String(r.parent_wallet)) } : {}),
          },
    walletBalance,
    wallet: [{ individualCredit: walletBalance }],
    games,
    isLoggedIn: r.is_logged_in,
    lastLogin: iso(r.last_login),
    createdAt: iso(r.created_at) ?? '',
    mayBackup: r.may_backup,
  };
}
