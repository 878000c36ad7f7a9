// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setChatWidget, noopChatWidget, type ChatWidget } from '../integrations/chatWidget';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../test/sessionCookie';
import { env } from '../config/env';
import { ALREADY_NOTIFIED } from '../notifications/alreadyNotified';
import { httpClient } from './httpClient';
import { getSession, reloadSession } from '../session/sessionState';
import { showToast } from '../notifications/toaster';

vi.mock('../notifications/toaster', () => ({ showToast: vi.fn(async () => 'key'), closeToast: vi.fn() }));

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

const toastTexts = () => vi.mocked(showToast).mock.calls.map(([message]) => message);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  window.history.replaceState(null, '', '/consent-solutions/');
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionCookie();
  reloadSession();
  setChatWidget(noopChatWidget);
});

describe('httpClient', () => {
  it('[API-1] sends credentials and JSON-LD to the configured base URL', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 1 }));
    const response = await httpClient(`${env.apiUrl}/accounts/1`, { method: 'PUT', body: JSON.stringify({ name: 'x' }) });
    expect(response.json).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${env.apiUrl}/accounts/1`);
    expect(init?.credentials).toBe('include');
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept')).toBe('application/ld+json');
    expect(headers.get('Content-Type')).toBe('application/ld+json');
    expect(init?.signal).toBeUndefined(); // no timeout of ours
    expect(fetchMock).toHaveBeenCalledTimes(1); // no retry
  });

  it('[ERR-4] httpClient turns violations into one toast each and field errors', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        violations: [
          { propertyPath: 'plainPassword.second', message: 'Passwords must match.', payload: { messageKey: 'error.backend.passwords_must_match' } },
          { propertyPath: '', message: 'Not found.', payload: { messageKey: 'error.backend.not_found' } },
          { propertyPath: 'name', message: 'Some new server text.', payload: { messageKey: 'error.backend.unknown_to_the_app' } },
        ],
      }),
    );
    const error = await httpClient(`${env.apiUrl}/things`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: ALREADY_NOTIFIED,
      status: 400,
      body: { errors: { 'plainPassword.second': 'Passwords must match.', name: 'Some new server text.' } },
    });
    expect(toastTexts()).toEqual(['Passwords must match.', 'Not found.', 'Some new server text.']);
  });

  it("[ERR-4] without violations one toast shows the caller's default", async () => {
    fetchMock.mockResolvedValue(json(500, 'oops'));
    await httpClient(`${env.apiUrl}/accounts/1`, { defaultErrorKey: 'auth.get_account_details_default_error' }).catch(() => undefined);
    expect(toastTexts()).toEqual(['Your account details could not be loaded.']);
  });

  it('[ST-4] httpClient reloads the user after each response except /subscriptions', async () => {
    setSessionCookie(sessionToken({ sub: '1' }));
    reloadSession();
    fetchMock.mockImplementation(async () => {
      // The API renews the cookie with every answer.
      setSessionCookie(sessionToken({ sub: String(fetchMock.mock.calls.length + 100) }));
      return json(200, []);
    });
    await httpClient(`${env.apiUrl}/subscriptions`);
    await httpClient(`${env.apiUrl}/subscriptions/5?x=1`);
    expect(getSession()?.sub).toBe('1');
    await httpClient(`${env.apiUrl}/domains`);
    expect(getSession()?.sub).toBe('103');
  });

  it('[ST-4] 401 outside login_check forces logout and reboots the chat widget', async () => {
    const calls: string[] = [];
    const widget: ChatWidget = { ...noopChatWidget, shutdown: () => calls.push('shutdown'), boot: () => calls.push('boot') };
    setChatWidget(widget);
    setSessionCookie(sessionToken());
    reloadSession();
    fetchMock.mockResolvedValue(
      json(401, { violations: [{ propertyPath: '', message: 'Authentication required.', payload: { messageKey: 'error.backend.unauthorized' } }] }),
    );
    const error = await httpClient(`${env.apiUrl}/domains?_page=2`).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: ALREADY_NOTIFIED });
    expect(getSession()).toBeNull();
    expect(document.cookie).not.toContain('ci_hp=');
    expect(calls).toEqual(['shutdown', 'boot']);
    expect(toastTexts()).toEqual(['Your session has expired. Please log in again.']);
    expect(window.location.pathname).toBe('/login/');
    expect(window.sessionStorage.getItem('auth.returnPath')).toBe('/consent-solutions/');
  });

  it('[ST-4] a 401 from login_check does not log out', async () => {
    const shutdown = vi.fn();
    setChatWidget({ ...noopChatWidget, shutdown });
    window.history.replaceState(null, '', '/login/');
    fetchMock.mockResolvedValue(json(401, { violations: [] }));
    await httpClient(`${env.apiUrl}/login_check`, { method: 'POST', body: '{}' }).catch(() => undefined);
    expect(shutdown).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/login/');
  });
});
