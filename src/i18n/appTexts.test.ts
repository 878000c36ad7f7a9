// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLATFORM_NS } from './languages';

/** A fresh i18n.ts, as a page load would start it. */
const freshTexts = async () => {
  vi.resetModules();
  const texts = await import('./i18n');
  await texts.i18nReady;
  return texts;
};

afterEach(() => {
  document.cookie = 'i18next=; max-age=0; path=/';
  document.documentElement.lang = '';
  vi.unstubAllGlobals();
});

describe('the app texts before and after i18next', () => {
  it('[PROD-5] takes the language from the cookie first, then the browser, and remembers it', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-DE', 'fr-CA'], language: 'de-DE' });
    let texts = await freshTexts();
    expect(texts.currentLanguage()).toBe('fr');
    expect(texts.translate('auth.login.submit')).toBe('Se connecter');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.cookie).toContain('i18next=fr');

    document.cookie = 'i18next=en; path=/';
    texts = await freshTexts();
    expect(texts.currentLanguage()).toBe('en');
    expect(texts.translate('auth.login.submit')).toBe('Log in');
  });

  it('[PROD-5] hands every call to i18next once the admin loads it, in the same language', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr'], language: 'fr' });
    const texts = await freshTexts();
    const onChange = vi.fn();
    texts.subscribeToTexts(onChange);
    const i18n = (await import('./i18nextInstance')).appI18next();
    expect(i18n.language).toBe('fr');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const before = onChange.mock.calls.length;
    i18n.addResourceBundle('fr', PLATFORM_NS, { only_in_i18next: 'Seulement là' }, true, false);
    i18n.addResourceBundle('fr', PLATFORM_NS, { also_in_i18next: 'Aussi' }, true, false);
    expect(texts.translate('only_in_i18next')).toBe('Seulement là');
    expect(texts.hasTranslation('only_in_i18next')).toBe(true);
    // [PERF-1] texts added in bulk are announced once, in a task of their own, not inside the adder's.
    expect(onChange).toHaveBeenCalledTimes(before);
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(before + 1));

    await texts.changeLanguage('en');
    expect(texts.currentLanguage()).toBe('en');
    expect(texts.translate('auth.login.submit')).toBe('Log in');
    expect(document.cookie).toContain('i18next=en');
  });

  it("[PERF-1] the admin's i18n provider sets i18next up in a task after the one that runs its modules", async () => {
    vi.resetModules();
    const attached = vi.fn();
    vi.doMock('./i18n', async (importOriginal) => {
      const actual = await importOriginal<typeof import('./i18n')>();
      return { ...actual, attachI18next: (...args: Parameters<typeof actual.attachI18next>) => (attached(), actual.attachI18next(...args)) };
    });
    try {
      const { adminTextsReady, i18nProvider } = await import('../providers/i18nProvider');
      expect(attached).not.toHaveBeenCalled();
      await adminTextsReady;
      expect(attached).toHaveBeenCalledTimes(1);
      expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    } finally {
      vi.doUnmock('./i18n');
    }
  });
});
