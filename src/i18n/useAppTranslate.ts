import { useSyncExternalStore } from 'react';
import { subscribeToTexts, translate } from './i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const makeTranslator = (): Translate => (key, options) => translate(key, options);

// A new function per change, so components using it re-render when texts change.
let translator = makeTranslator();
subscribeToTexts(() => {
  translator = makeTranslator();
});

const getTranslator = () => translator;

/**
 * The auth screens' translate function (src/i18n/i18n.ts): it works the same inside
 * and outside `<Admin>`, and the login route ships neither react-admin nor i18next.
 */
export const useAppTranslate = (): Translate => useSyncExternalStore(subscribeToTexts, getTranslator, getTranslator);
