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
});
