import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentCookie } from './consentCookie';

/** A Cookie Store API (the browser's on secure pages) holding the given cookies. */
const cookieStoreWith = (cookies: Record<string, string>, fails = false) => ({
  get: vi.fn((name: string) =>
    fails ? Promise.reject(new DOMException('blocked', 'SecurityError')) : Promise.resolve(name in cookies ? { name, value: cookies[name] } : null),
  ),
});
const encoded = (value: unknown): string => encodeURIComponent(JSON.stringify(value));
const readAsync = (cookie: ReturnType<typeof consentCookie>) => new Promise<unknown>((done) => cookie.readAsync(done));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'cm_consent_5=; max-age=0; path=/';
});

describe('the consent cookie (STD-8)', () => {
  it('[STD-8] on a secure page the stored choice is read through the Cookie Store API, never the blocking document.cookie', async () => {
    const choice = { v: 1, categories: ['necessary', 'statistics'], at: '2026-11-01T00:00:00Z', aid: 'aid-0123456789abcdef' };
    const store = cookieStoreWith({ cm_consent_5: encoded(choice), other: 'x' });
    vi.stubGlobal('cookieStore', store);
    const getter = vi.spyOn(document, 'cookie', 'get');
    expect(await readAsync(consentCookie(5, false))).toEqual(choice);
    expect(store.get).toHaveBeenCalledWith('cm_consent_5');
    expect(await readAsync(consentCookie(6, false))).toBeNull();
    vi.stubGlobal('cookieStore', cookieStoreWith({ cm_consent_5: '%7Bnot json' }));
    expect(await readAsync(consentCookie(5, false))).toBeNull();
    expect(getter).not.toHaveBeenCalled();
  });

  it("[STD-8] without the Cookie Store API, or when it refuses, the answer is document.cookie's; a preview reads nothing", async () => {
    const choice = { v: 2, categories: ['necessary'], at: '2026-11-01T00:00:00Z', aid: 'aid-0123456789abcdef' };
    document.cookie = `cm_consent_5=${encoded(choice)}; path=/`;
    const answers: unknown[] = [];
    consentCookie(5, false).readAsync((value) => answers.push(value));
    expect(answers).toEqual([choice]);
    vi.stubGlobal('cookieStore', cookieStoreWith({}, true));
    expect(await readAsync(consentCookie(5, false))).toEqual(choice);
    vi.stubGlobal('cookieStore', cookieStoreWith({ cm_consent_5: encoded(choice) }));
    expect(await readAsync(consentCookie(5, true))).toBeNull();
  });
});
