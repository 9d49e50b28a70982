import type { AccountRecord } from '../../resources.config';
import type { Role } from '../../resources.config';
import { request } from '../dataProvider/http';
import { clearSession, saveSession } from './session';

/**
 * Login and logout calls, shared by the login page (outside react-admin) and the authProvider.
 * Kept free of react-admin so the login bundle stays small.
 */
export async function loginRequest(username: string, password: string): Promise<{ user: AccountRecord; role: Role; message: string }> {
  const { json } = await request<never>('auth/login', { method: 'POST', body: { username: username.trim(), password } });
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
    await request('auth/logout');
  } catch {
    // An expired or revoked session cannot be logged out twice; the local state still goes.
  } finally {
    clearSession();
  }
}
