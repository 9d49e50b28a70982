import type { AccountRecord } from '../../resources.config';
import type { Role } from '../../resources.config';
import { request } from '../dataProvider/http';
import { clearSession, getToken, saveSession } from './session';
import { ApiError } from '../dataProvider/http';
import { API_PATHS } from '../../domain/apiPaths';

/**
 * Login and logout calls, shared by the login page (outside react-admin) and the authProvider.
 * Kept free of react-admin so the login bundle stays small.
 */
export async function loginRequest(username: string, password: string): Promise<{ user: AccountRecord; role: Role; message: string }> {
  const { json } = await request<never>(API_PATHS.login, { method: 'POST', body: { username: username.trim(), password } });
  const token = typeof json.token === 'string' ? json.token : '';
  const user = json.user as AccountRecord | undefined;
  const roles = Array.isArray(json.roles) ? (json.roles as Role[]) : [];
  const role = user?.role ?? roles[0];
  if (!token || !user || !role) throw new Error('Login failed.');
  saveSession(token, user, role);
  return { user, role, message: json.message ?? 'Login successful!' };
}

/** Revokes the server session (best effort) and clears everything stored. */
export async function logoutRequest(): Promise<void> {
  try {
    await request(API_PATHS.logout, { method: 'POST' });
  } catch {
    // An expired or revoked session cannot be logged out twice; the local state still goes.
  } finally {
    clearSession();
  }
}

/**
 * A new tab of a logged-in browser: asks the server whether the shared token is still a session,
 * and when it is, starts this tab's own expiry. A refused token is gone for every tab.
 */
export async function adoptSession(): Promise<boolean> {
  const token = getToken();
  if (!token) return false;
  try {
    const { json } = await request<never>(API_PATHS.session);
    const user = json.user as AccountRecord | undefined;
    const role = user?.role ?? (Array.isArray(json.roles) ? (json.roles as Role[])[0] : undefined);
    if (!user || !role) return false;
    saveSession(token, user, role);
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) clearSession();
    return false;
  }
}
