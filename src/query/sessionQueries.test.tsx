import { render, waitFor } from '@testing-library/react';
import { CoreAdminContext, useAuthState, usePermissions, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './queryClient';
import { seedSessionQueries } from './sessionQueries';
import { readSession } from '../session/sessionState';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../test/sessionCookie';

const spyAuthProvider = () =>
  ({
    login: async () => undefined,
    logout: async () => undefined,
    checkError: async () => undefined,
    checkAuth: vi.fn(async () => undefined),
    getPermissions: vi.fn(async () => ['ROLE_OWNER']),
  }) satisfies AuthProvider;

/** What react-admin's two hooks return on the first render, and what was asked of the provider. */
const firstRender = async (seed: boolean) => {
  const authProvider = spyAuthProvider();
  const queryClient = createQueryClient();
  if (seed) seedSessionQueries(queryClient, readSession());
  const renders: { authenticated?: boolean; authPending: boolean; permissions: unknown; permissionsPending: boolean }[] = [];
  const Probe = () => {
    const auth = useAuthState();
    const permissions = usePermissions();
    renders.push({
      authenticated: auth.authenticated,
      authPending: auth.isPending,
      permissions: permissions.permissions,
      permissionsPending: permissions.isPending,
    });
    return null;
  };
  render(
    <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
      <Probe />
    </CoreAdminContext>,
  );
  await waitFor(() => expect(renders.at(-1)?.permissionsPending).toBe(false));
  return { first: renders[0], authProvider };
};

afterEach(clearSessionCookie);

describe("react-admin's session queries answered before the admin's first render (PERF-1)", () => {
  it('[PERF-1] gives react-admin the session and its roles on the first render, without asking the provider', async () => {
    setSessionCookie(sessionToken({ roles: ['ROLE_USER', 'ROLE_ADMIN'] }));
    const { first, authProvider } = await firstRender(true);
    expect(first).toEqual({ authenticated: true, authPending: false, permissions: ['ROLE_USER', 'ROLE_ADMIN'], permissionsPending: false });
    expect(authProvider.checkAuth).not.toHaveBeenCalled();
    expect(authProvider.getPermissions).not.toHaveBeenCalled();
  });

  it('[PERF-1] (the control) unseeded, react-admin renders first with both pending and asks the provider', async () => {
    setSessionCookie(sessionToken());
    const { first, authProvider } = await firstRender(false);
    expect(first).toMatchObject({ authPending: true, permissionsPending: true });
    expect(authProvider.checkAuth).toHaveBeenCalled();
    expect(authProvider.getPermissions).toHaveBeenCalled();
  });

  it('[PERF-1] seeds nothing without a session: react-admin asks the provider, which sends the visitor to log in', async () => {
    const { first, authProvider } = await firstRender(true);
    expect(first).toMatchObject({ authPending: true, permissionsPending: true });
    expect(authProvider.checkAuth).toHaveBeenCalled();
  });
});
