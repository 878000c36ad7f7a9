import type { QueryClient } from '@tanstack/react-query';

/**
 * What react-admin asks the authProvider before its first screen (`checkAuth`, `getPermissions`),
 * answered as authProvider.ts answers it, from the session the caller passes: the one the app has
 * already decoded from its cookie. Unanswered, the admin's first render was its loading page; the
 * real first screen came once both queries had settled, in renders of their own, and react-admin
 * registered its resources once more when the permissions arrived (docs/performance.md). The
 * keys are react-admin's (`useAuthState` and `usePermissions` without parameters);
 * sessionQueries.test.tsx holds them to the installed ra-core.
 */
export const seedSessionQueries = (client: QueryClient, session: { roles: string[] } | null): void => {
  if (session === null) return;
  client.setQueryData(['auth', 'checkAuth', {}], true);
  client.setQueryData(['auth', 'getPermissions', {}], session.roles);
};
