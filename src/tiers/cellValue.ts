import type { ColumnSource } from '../../resources.config';
import { formatPoints } from '../i18n/format';
import { formatMoment } from '../i18n/dates';
import type { AccountRecord } from '../../resources.config';

/** Dates of tables and exports. */
export const formatDateTime = (v: string | null | undefined): string | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : formatMoment(d);
};

/**
 * The text of one registry column for one record (lists and exports alike), or null when the
 * value is missing (shown as 'N/A'). Online/Offline come back as the keys to translate.
 */
export function cellValue(source: ColumnSource, r: Partial<AccountRecord>): string | null {
  switch (source) {
    case 'username':
      return r.username ?? null;
    case 'refId':
      return r.refId?.username ?? null;
    case '_id':
      return r._id ?? null;
    case 'walletBalance':
      return typeof r.walletBalance === 'number' ? formatPoints(r.walletBalance) : null;
    case 'games':
      return r.games && r.games.length > 0 ? r.games.map((g) => g.gameName).join(', ') : null;
    case 'createdAt':
      return formatDateTime(r.createdAt);
    case 'lastLogin':
      return formatDateTime(r.lastLogin);
    case 'isLoggedIn':
      return r.isLoggedIn ? 'td.list.online' : 'td.list.offline';
    case 'commission':
      return typeof r.commission === 'number' ? formatPoints(r.commission) : null;
    case 'userStatus':
      return r.userStatus === undefined ? null : r.userStatus ? 'td.form.active' : 'td.form.deactive';
  }
}
