import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { en } from './en';
import { fr } from './fr';
import { PLATFORM_NS, type SupportedLanguage } from './languages';
import { translateFromCatalogue } from './translateFromCatalogue';

const catalogues = { en: { [PLATFORM_NS]: en }, fr: { [PLATFORM_NS]: fr } };

/** Every key of a nested catalogue, dotted. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

const i18next = createInstance();
void i18next.init({
  resources: structuredClone(catalogues),
  fallbackLng: 'en',
  defaultNS: PLATFORM_NS,
  ns: [PLATFORM_NS],
  initImmediate: false,
  interpolation: { escapeValue: false },
});

const values = { email: 'a&b@example.org', count: 2, name: '<b>Shop</b>', value: 3, max: 100, min: 8 };

describe("the login route's translator", () => {
  it.each<SupportedLanguage>(['en', 'fr'])('[PROD-5] answers what i18next answers for every key of the %s catalogue', (lng) => {
    for (const key of keysOf(lng === 'en' ? en : fr)) {
      for (const options of [{}, values, { ...values, count: 1 }]) {
        expect(translateFromCatalogue(catalogues, lng, key, options), `${lng} ${key} ${JSON.stringify(options)}`).toBe(i18next.t(key, { ...options, lng }));
      }
    }
  });

  it('[PROD-5] falls back to English for a key French lacks, and answers undefined for an unknown key', () => {
    const partial = { en: { [PLATFORM_NS]: { auth: { login: { title: 'Log in' } } } }, fr: { [PLATFORM_NS]: {} } };
    expect(translateFromCatalogue(partial, 'fr', 'auth.login.title')).toBe('Log in');
    expect(translateFromCatalogue(partial, 'fr', 'auth.nothing')).toBeUndefined();
    expect(translateFromCatalogue(partial, 'en', 'auth.nothing', { defaultValue: 'Default' })).toBe('Default');
  });
});
