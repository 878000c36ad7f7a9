import { renderToString } from 'react-dom/server';
import { I18nContextProvider, memoryStore, StoreContextProvider, type I18nProvider, type Store } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { withLocaleDefault } from './withLocaleDefault';

const i18nProvider = (locale: string): I18nProvider => ({
  translate: (key) => key,
  changeLocale: async () => undefined,
  getLocale: () => locale,
});

/** What react-admin's I18nContextProvider renders on its first render, before any effect. */
const firstRender = (store: Store, locale: string): string =>
  renderToString(
    <StoreContextProvider value={store}>
      <I18nContextProvider value={i18nProvider(locale)}>
        <p>the admin</p>
      </I18nContextProvider>
    </StoreContextProvider>,
  );

describe("the admin's store: the provider's language as the locale's default (PERF-1)", () => {
  it('[PERF-1] lets react-admin render the admin on its first render when no language was ever picked', () => {
    expect(
      firstRender(
        withLocaleDefault(memoryStore(), () => 'fr'),
        'fr',
      ),
    ).toContain('the admin');
    // The control: react-admin's own store has no locale, and its first render is empty.
    expect(firstRender(memoryStore(), 'fr')).toBe('');
  });

  it('[PERF-1] keeps a picked language, other keys and writes as the store has them', () => {
    const inner = memoryStore({ locale: 'en', 'consent-solutions.listParams': { page: 2 } });
    const store = withLocaleDefault(inner, () => 'fr');
    store.setup();
    expect(store.getItem('locale')).toBe('en');
    expect(store.getItem('consent-solutions.listParams')).toEqual({ page: 2 });
    expect(store.getItem('missing', 7)).toBe(7);
    expect(store.getItem('missing')).toBeUndefined();
    store.removeItem('locale');
    expect(store.getItem('locale')).toBe('fr');
    expect(inner.getItem('locale')).toBeUndefined();
    store.setItem('locale', 'en');
    expect(inner.getItem('locale')).toBe('en');
  });
});
