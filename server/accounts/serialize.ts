import type { AccountRecord } from '../../resources.config';
import { centsToPoints } from '../../domain/money';
import { hasFlag, ROLES } from '../../resources.config';
import { col, rowsOf, type RowOf } from '../db/rows';

const optional = col.nullable(col.text);

/** The columns every account read selects (see ACCOUNT_SELECT), as they arrive from either engine; never a hash. */
export const accountRow = rowsOf({
  id: col.idText,
  username: col.text,
  role: col.oneOf(ROLES),
  path: col.text,
  parent_id: col.nullable(col.idText),
  first_name: optional,
  last_name: optional,
  email: optional,
  phone: optional,
  date_of_birth: optional,
  country: optional,
  state: optional,
  city: optional,
  address: optional,
  pin_code: optional,
  occupation: optional,
  commission: col.num,
  note: col.text,
  active: col.bool,
  may_backup: col.bool,
  wallet_balance: col.cents,
  last_login: col.nullable(col.date),
  created_at: col.date,
  parent_username: optional,
  parent_wallet: col.nullable(col.cents),
  parent_role: optional,
  is_logged_in: col.bool,
  games: col.json<AccountRecord['games']>(),
});
export type AccountRow = RowOf<typeof accountRow>;

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

export function toAccountRecord(r: AccountRow): AccountRecord {
  const walletBalance = centsToPoints(r.wallet_balance);
  return {
    _id: r.id,
    username: r.username,
    role: r.role,
    roles: [r.role],
    status: r.active ? 'active' : 'inactive',
    userStatus: r.active,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    dateOfBirth: r.date_of_birth,
    country: r.country,
    state: r.state,
    city: r.city,
    address: r.address,
    pinCode: r.pin_code,
    occupation: r.occupation,
    commission: r.commission,
    note: r.note,
    refId:
      r.parent_id === null || r.parent_username === null
        ? null
        : {
            _id: r.parent_id,
            username: r.parent_username,
            ...(hasFlag(r.role, 'showsParentWallet') && r.parent_wallet !== null ? { walletBalance: centsToPoints(r.parent_wallet) } : {}),
          },
    walletBalance,
    wallet: [{ individualCredit: walletBalance }],
    games: r.games,
    isLoggedIn: r.is_logged_in,
    lastLogin: r.last_login?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    mayBackup: r.may_backup,
  };
}
