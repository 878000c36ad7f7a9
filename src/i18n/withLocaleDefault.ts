import type { Store } from 'react-admin';

/**
 * react-admin's I18nContextProvider renders nothing until the store's `locale` equals the
 * i18nProvider's, and a visitor who never picked a language has none stored: the admin's first
 * render then stopped there, and its whole first screen rendered after an effect, in one task
 * React cannot slice (150–250 ms at 4× CPU, docs/performance.md). With the provider's language
 * as the stored locale's default, the first render already has the admin in it. Nothing is
 * written: a language picked in the menu is stored as before and wins.
 */
export const withLocaleDefault = (store: Store, currentLocale: () => string): Store => ({
  ...store,
  getItem: <T>(key: string, defaultValue?: T): T | undefined =>
    key === 'locale' ? store.getItem(key, defaultValue ?? (currentLocale() as T)) : store.getItem(key, defaultValue),
});
