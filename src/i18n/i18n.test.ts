import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18nextInstance';
import { LANGUAGES_NS } from './languages';

const hosted: Record<string, unknown> = {
  'https://translations.test/en/platform.json': { auth: { login: { title: 'Sign in to your admin' } } },
  'https://translations.test/fr/platform.json': { auth: { login: { title: 'Connectez-vous' } } },
  'https://translations.test/en/languages.json': { en: 'English', fr: 'French', de: 'German' },
};

afterEach(() => vi.unstubAllGlobals());

describe('hosted translations', () => {
  it('[API-6] loads one file per language and namespace, no-cache, merged over the bundled texts', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const body = hosted[url];
      return body === undefined ? new Response('{}', { status: 404 }) : new Response(JSON.stringify(body), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const i18n = createI18n('https://translations.test');
    await vi.waitFor(() => expect(i18n.t('auth.login.title', { lng: 'en' })).toBe('Sign in to your admin'));
    await vi.waitFor(() => expect(i18n.t('auth.login.title', { lng: 'fr' })).toBe('Connectez-vous'));
    // A bundled key the hosted file lacks is still there.
    expect(i18n.t('auth.login.submit', { lng: 'en' })).toBe('Log in');
    // The languages list is only published in English, for every UI language.
    await vi.waitFor(() => expect(i18n.t('de', { lng: 'fr', ns: LANGUAGES_NS })).toBe('German'));
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toContain('https://translations.test/en/platform.json');
    expect(urls).toContain('https://translations.test/fr/platform.json');
    expect(urls.filter((url) => url.endsWith(`/${LANGUAGES_NS}.json`)).every((url) => url.includes('/en/'))).toBe(true);
    for (const call of fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]) expect(call[1]?.cache).toBe('no-store');
  });

  it('[API-6] keeps the bundled texts when the hosted files cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const i18n = createI18n('https://translations.test');
    expect(i18n.t('auth.login.title', { lng: 'en' })).toBe('Log in');
    expect(i18n.t('notification_logout_message', { lng: 'en' })).toBe('You have been logged out.');
  });
});
