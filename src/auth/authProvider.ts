import type { AuthProvider } from 'react-admin';
import { canManageTier, canOpenPage } from '../../resources.config';
import { ROLES, type Role } from '../../resources.config';
import { ApiError } from '../dataProvider/http';
import { adoptSession, loginRequest, logoutRequest } from './login';
import { LOGIN_PATH, canAdoptSession, dashboardPath, guardRedirect } from './routeGuard';
import { currentSession } from './session';

/**
 * Whether a role may open a resource (tier) or page. Resources are tier roles; pages are
 * PAGES keys of the registry.
 */
export function roleCanAccess(role: Role, resource: string): boolean {
  if ((ROLES as readonly string[]).includes(resource)) return canManageTier(role, resource as Role);
  return canOpenPage(role, resource);
}

/** The react-admin auth provider of one role's app (`<Admin basename="/{role}">`). */
export function createAuthProvider(role: Role): AuthProvider {
  return {
    login: async ({ username, password }: { username: string; password: string }) => {
      const { role: r } = await loginRequest(username, password);
      return { redirectTo: dashboardPath(r) };
    },
    logout: async () => {
      await logoutRequest();
      // An absolute path: the login page lives outside the role's basename.
      return LOGIN_PATH;
    },
    checkAuth: async () => {
      if (canAdoptSession()) await adoptSession();
      const redirect = guardRedirect(role);
      if (redirect) throw { redirectTo: redirect, message: false };
    },
    // Only 401 means the session is gone; 403/409/400 are ordinary errors shown to the user.
    checkError: async (error: unknown) => {
      const status = error instanceof ApiError ? error.status : (error as { status?: number } | null)?.status;
      if (status === 401) throw { redirectTo: LOGIN_PATH, logoutUser: true };
    },
    getIdentity: async () => {
      const s = currentSession();
      if (!s) throw new Error('No session');
      return { id: s.user._id, fullName: s.user.username, role: s.role };
    },
    getPermissions: async () => currentSession()?.role ?? null,
    canAccess: async ({ resource }: { resource: string; action: string }) => {
      const s = currentSession();
      return !!s && s.role === role && roleCanAccess(role, resource);
    },
  };
}
