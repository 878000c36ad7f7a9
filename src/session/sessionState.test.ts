// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../test/sessionCookie';
import { decodeSession, getSession, readSession, reloadSession, subscribe } from './sessionState';

afterEach(() => clearSessionCookie());

describe('session state', () => {
  it('[ST-2] readSession decodes ci_hp', () => {
    setSessionCookie(sessionToken({ sub: '42', email: 'a@example.com', roles: ['ROLE_ADMIN'], account_id: 3 }));
    expect(readSession()).toMatchObject({ sub: '42', email: 'a@example.com', roles: ['ROLE_ADMIN'], account_id: 3 });
  });

  it('[ST-2] readSession is null on garbage', () => {
    setSessionCookie('not-a-jwt');
    expect(readSession()).toBeNull();
    expect(decodeSession('e30.e30')).toBeNull(); // decodes, but lacks the claims
    expect(decodeSession(null)).toBeNull();
  });

  it('[ST-2] readSession is null when expired', () => {
    setSessionCookie(sessionToken({ exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(readSession()).toBeNull();
  });

  it('[ST-4] reloadSession tells listeners only when the session changed', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    reloadSession();
    listener.mockClear();
    setSessionCookie(sessionToken({ sub: '9' }));
    reloadSession();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getSession()?.sub).toBe('9');
    reloadSession();
    expect(listener).toHaveBeenCalledTimes(1);
    clearSessionCookie();
    reloadSession();
    expect(listener).toHaveBeenLastCalledWith(null);
    unsubscribe();
  });

  it('[ST-4] [PERF-1] reloadSession decodes a token once, and still ends the session when the unchanged token expires', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 12) });
    try {
      const token = sessionToken({ sub: '7', exp: Math.floor(Date.now() / 1000) + 60 });
      setSessionCookie(token);
      const decode = vi.spyOn(globalThis, 'atob');
      const first = reloadSession();
      const decodedOnce = decode.mock.calls.length;
      expect(decodedOnce).toBeGreaterThan(0);
      expect(first?.sub).toBe('7');
      expect(reloadSession()).toBe(first);
      expect(decode.mock.calls.length).toBe(decodedOnce);
      vi.setSystemTime(Date.now() + 61_000);
      expect(reloadSession()).toBeNull();
      expect(getSession()).toBeNull();
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});
