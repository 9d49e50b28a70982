import { ROLES, landingPath, type Role } from '../../resources.config';
import { isStaff } from '../../resources.config';
import { clearTabSession, getExpiry, getStoredRole, getStoredUser, getToken } from './session';

export const LOGIN_PATH = '/auth/login';
export const dashboardPath = (role: Role): string => (isStaff(role) ? `/${role}/dashboard` : landingPath(role));

export const isRole = (s: string | undefined): s is Role => !!s && (ROLES as readonly string[]).includes(s);

/**
 * A tab with a token but no expiry of its own is a new tab of a logged-in browser (the expiry lives
 * in session storage, one per tab): it may adopt the session by asking the server.
 */
export const canAdoptSession = (): boolean => getExpiry() === null && !!getToken() && !!getStoredUser();

/**
 * The route guard for a page under `/{requiredRole}`: where to send the
 * user instead, or null when they may stay. An expired tab loses its session storage only: the
 * token in local storage belongs to every tab and goes only with a logout or a refused token.
 */
export function guardRedirect(requiredRole: Role, now = Date.now()): string | null {
  const expiry = getExpiry();
  if (expiry === null || expiry <= now) {
    clearTabSession();
    return LOGIN_PATH;
  }
  const user = getStoredUser();
  if (!user) return LOGIN_PATH;
  const role = getStoredRole() ?? user.role;
  if (!role) return LOGIN_PATH;
  if (role !== requiredRole) return dashboardPath(role);
  return null;
}
