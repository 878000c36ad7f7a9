import type { AuthProvider } from 'react-admin';
import { canAccessResource } from '../shared/permissions';

/**
 * Test-only: an authProvider signed in with these roles, whose `canAccess` is the app's rule
 * (authProvider.canAccess): what the shared permission matrix grants them in the own account.
 */
export const rolesAuthProvider = (roles: readonly string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => roles,
  canAccess: async ({ resource, action }) => canAccessResource(roles, resource, action),
});
