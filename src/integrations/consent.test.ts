// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, getConsent, parseConsent, saveConsent, serializeConsent, subscribeConsent } from './consent';

// Each test saves the choice it reads back, so none depends on another's.
afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
});

describe('consent', () => {
  it('[CONST-2] keeps the choice one year in the consent cookie', () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBe(31_536_000);
    const setter = vi.spyOn(document, 'cookie', 'set');
    saveConsent({ functional: true, statistics: false, marketing: true });
    expect(setter).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^${CONSENT_COOKIE}=functional\\.marketing; Max-Age=31536000; Path=/; SameSite=Lax`)));
    setter.mockRestore();
    expect(getConsent()).toEqual({ functional: true, statistics: false, marketing: true });
  });

  it('[PROD-6] reads no choice as null and refuses a tampered value', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('statistics.tracking')).toBeNull();
    expect(parseConsent('-')).toEqual({ functional: false, statistics: false, marketing: false });
    expect(serializeConsent({ functional: false, statistics: false, marketing: false })).toBe('-');
  });

  it('[PROD-6] tells subscribers of a new choice', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    saveConsent({ functional: false, statistics: true, marketing: false });
    expect(listener).toHaveBeenCalledWith({ functional: false, statistics: true, marketing: false });
    unsubscribe();
  });
});
