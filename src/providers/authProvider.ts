import type { AuthProvider, UserIdentity } from 'ra-core';
import { canAccessResource } from '../shared/permissions';
import { isApiError } from '../shared/apiError';
import { LOGIN_PATH } from '../session/authPaths';
import { forceLogout } from '../session/forcedLogout';
import { notify } from '../notifications/notify';
import { getActingAccount } from '../session/actingAccount';
import { readSession } from '../session/sessionState';
import { login, logout } from './authApi';

/**
 * react-admin's AuthProvider over authApi.ts and src/session, the same modules the auth screens
 * use, so the session has one owner. Toasts are shown here rather than by react-admin (see checkError).
 */
export const authProvider: AuthProvider = {
  login: async ({ email, password }: { email: string; password: string }) => {
    await login(email, password);
  },

  logout: async () => {
    // react-admin also calls logout when checkAuth fails; only a chosen logout, from a live
    // session, says "You have been logged out." (ST-2).
    const wasLoggedIn = readSession() !== null;
    await logout();
    if (wasLoggedIn) notify('notification_logout_message', { type: 'success' });
    return LOGIN_PATH;
  },

  checkAuth: async () => {
    if (readSession() === null) throw new Error('notification_unauthorized_error');
  },

  checkError: async (error: unknown) => {
    const status = isApiError(error) ? error.status : (error as { status?: unknown } | null)?.status;
    if (status !== 401) return;
    // apiFetch has already forced the logout for API calls; this covers any other source and
    // is a no-op the second time. `logoutUser: false` and `message: false` stop react-admin
    // from logging out and notifying a second time (chosen-logout text, duplicate toast).
    forceLogout();
    throw { message: false, logoutUser: false };
  },

  getIdentity: async (): Promise<UserIdentity> => {
    const session = readSession();
    if (session === null) throw new Error('notification_unauthorized_error');
    return { id: session.sub, fullName: session.email, email: session.email, account_id: session.account_id };
  },

  getPermissions: async () => readSession()?.roles ?? [],

  /**
   * ROLE-1 / ROLE-3: the shared permission matrix (src/shared/permissions.ts); react-admin's
   * buttons and views hide what it refuses. `other` scope while acting on another account.
   */
  canAccess: async ({ resource, action }: { resource: string; action: string }) => {
    const session = readSession();
    if (session === null) return false;
    const acting = getActingAccount();
    const scope = acting !== null && acting.id !== session.account_id ? 'other' : 'own';
    return canAccessResource(session.roles, resource, action, scope);
  },
};
