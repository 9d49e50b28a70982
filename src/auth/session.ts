import { SESSION_MINUTES, type Role } from '../../resources.config';
import type { AccountRecord } from '../../resources.config';

/**
 * Where the session lives: token, user and role in localStorage,
 * the expiry time in sessionStorage (so a new browser session must log in again).
 */
const KEYS = { token: 'token', user: 'user', role: 'role', expiry: 'expiryTime' } as const;

export interface Session {
  token: string;
  user: AccountRecord;
  role: Role;
  expiry: number;
}

export function saveSession(token: string, user: AccountRecord, role: Role, now = Date.now()): void {
  localStorage.setItem(KEYS.token, token);
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  localStorage.setItem(KEYS.role, role);
  sessionStorage.setItem(KEYS.expiry, String(now + SESSION_MINUTES * 60_000));
}

/** The server's session slides with every request; the stored expiry follows it. */
export function extendSession(now = Date.now()): void {
  if (sessionStorage.getItem(KEYS.expiry)) sessionStorage.setItem(KEYS.expiry, String(now + SESSION_MINUTES * 60_000));
}

export const getToken = (): string | null => localStorage.getItem(KEYS.token);

export function getStoredUser(): AccountRecord | null {
  try {
    const raw = localStorage.getItem(KEYS.user);
    const user: unknown = raw ? JSON.parse(raw) : null;
    // The route guard rejects a user stored as an array, as well as nothing at all.
    return user && typeof user === 'object' && !Array.isArray(user) ? (user as AccountRecord) : null;
  } catch {
    return null;
  }
}

export const getStoredRole = (): Role | null => (localStorage.getItem(KEYS.role) as Role | null) ?? null;

export function getExpiry(): number | null {
  const raw = sessionStorage.getItem(KEYS.expiry);
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** Logout or a dead token: every stored token and the persisted auth go (every tab of this browser). */
export function clearSession(): void {
  for (const k of [KEYS.token, KEYS.user, KEYS.role]) localStorage.removeItem(k);
  sessionStorage.clear();
}

/** What the route guard may clear: this tab's own session storage, never the token other tabs share. */
export function clearTabSession(): void {
  sessionStorage.clear();
}

/** The whole stored session when it is present and not expired. */
export function currentSession(now = Date.now()): Session | null {
  const expiry = getExpiry();
  const token = getToken();
  const user = getStoredUser();
  const role = getStoredRole() ?? user?.role ?? null;
  if (expiry === null || expiry <= now || !token || !user || !role) return null;
  return { token, user, role, expiry };
}
