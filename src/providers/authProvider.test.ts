// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../test/sessionCookie';
import { authProvider } from './authProvider';
import { reloadSession } from '../session/sessionState';
import { showToast } from '../notifications/toaster';

vi.mock('../notifications/toaster', () => ({ showToast: vi.fn(async () => 'key'), closeToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const toastTexts = () => vi.mocked(showToast).mock.calls.map(([message]) => message);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  window.history.replaceState(null, '', '/teammates/');
  setSessionCookie(sessionToken({ sub: '5', email: 'me@example.com', roles: ['ROLE_USER', 'ROLE_CLIENT'], account_id: 9 }));
  reloadSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionCookie();
  reloadSession();
});

describe('authProvider', () => {
  it('[ST-2] identity and permissions come from the decoded session', async () => {
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({ id: '5', fullName: 'me@example.com', account_id: 9 });
    await expect(authProvider.getPermissions?.({})).resolves.toEqual(['ROLE_USER', 'ROLE_CLIENT']);
  });

  it('[ST-2] a chosen logout says so once and lands on /login/', async () => {
    fetchMock.mockImplementation(async () => {
      clearSessionCookie();
      return new Response(null, { status: 204 });
    });
    await expect(authProvider.logout({})).resolves.toBe('/login/');
    expect(toastTexts()).toEqual(['You have been logged out.']);
    expect(window.location.pathname).toBe('/login/');
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
    // react-admin's own logout after a failed checkAuth is not a chosen one: no notice.
    await authProvider.logout({});
    expect(toastTexts()).toEqual(['You have been logged out.']);
  });

  it('[ST-2] checkError on 401 forces the logout once and stops react-admin adding its own', async () => {
    await expect(authProvider.checkError(new HttpError('x', 401))).rejects.toEqual({ message: false, logoutUser: false });
    expect(toastTexts()).toEqual(['Your session has expired. Please log in again.']);
    await expect(authProvider.checkError(new HttpError('x', 403))).resolves.toBeUndefined();
  });
});
