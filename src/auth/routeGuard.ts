import { ROLES, landingPath, type Role } from '../../resources.config';
import { isStaff } from '../../resources.config';
import { clearSession, getExpiry, getStoredRole, getStoredUser } from './session';

export const LOGIN_PATH = '/auth/login';
export const dashboardPath = (role: Role): string => (isStaff(role) ? `/${role}/dashboard` : landingPath(role));

export const isRole = (s: string | undefined): s is Role => !!s && (ROLES as readonly string[]).includes(s);

/**
 * The spec's route guard (section 4) for a page under `/{requiredRole}`: where to send the
 * user instead, or null when they may stay. Clears session storage when the expiry is gone.
 */
export function guardRedirect(requiredRole: Role, now = Date.now()): string | null {
  const expiry = getExpiry();
  if (expiry === null || expiry <= now) {
    clearSession();
    return LOGIN_PATH;
  }
  const user = getStoredUser();
  if (!user) return LOGIN_PATH;
  const role = getStoredRole() ?? user.role;
  if (!role) return LOGIN_PATH;
  if (role !== requiredRole) return dashboardPath(role);
  return null;
}
