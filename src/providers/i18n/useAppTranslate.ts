import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const makeTranslator = (): Translate => (key, options) => i18n.t(key, { ...options });

// A new function per change, so components using it re-render when texts change.
let translator = makeTranslator();
const refresh = () => {
  translator = makeTranslator();
};
i18n.on('languageChanged', refresh);
i18n.store.on('added', refresh);

const subscribe = (onChange: () => void) => {
  // `added` fires when hosted translations arrive; `languageChanged` on a locale switch.
  i18n.on('languageChanged', onChange);
  i18n.store.on('added', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
    i18n.store.off('added', onChange);
  };
};

const getTranslator = () => translator;

/**
 * The auth screens' translate function. It reads the shared i18next instance directly, not
 * through react-i18next or react-admin, so the login route ships neither (performance.md),
 * and works the same inside and outside `<Admin>`.
 */
export const useAppTranslate = (): Translate => useSyncExternalStore(subscribe, getTranslator, getTranslator);
