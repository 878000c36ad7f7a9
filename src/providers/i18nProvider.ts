import type { I18nProvider, Locale, TranslationMessages } from 'ra-core';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import type { Tree } from '../i18n/deepMerge';
import { adminCatalogueEn, raMessagesEn } from '../i18n/adminCatalogue.en';
import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { appI18next } from '../i18n/i18nextInstance';
import { PLATFORM_NS, supportedBase, type SupportedLanguage } from '../i18n/languages';
import { nextTask } from '../shared/nextTask';

/** The languages the locale switcher offers (PROD-5), each named in its own language. */
const locales: Locale[] = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
];

// The admin's own messages and react-admin's `ra.*` texts join the app's namespace only here,
// so the auth screens (which share the instance but not this module) never download them.
// Existing app keys win. English is the fallback, always in; French comes with the first use.
const addAdminTexts = (lng: SupportedLanguage, catalogue: Tree, raMessages: TranslationMessages) => {
  const i18n = appI18next();
  i18n.addResourceBundle(lng, PLATFORM_NS, catalogue, true, false);
  i18n.addResourceBundle(lng, PLATFORM_NS, convertRaTranslationsToI18next(raMessages), true, false);
};

let frenchTexts: Promise<void> | undefined;
const loadAdminTexts = (lng: SupportedLanguage): Promise<void> => {
  if (lng === 'en') return Promise.resolve();
  frenchTexts ??= import('../i18n/adminCatalogue.fr').then(
    ({ adminCatalogueFr, raMessagesFr }) => addAdminTexts('fr', adminCatalogueFr, raMessagesFr),
    (error: unknown) => {
      // A failed download is tried again on the next switch, not remembered.
      frenchTexts = undefined;
      throw error;
    },
  );
  return frenchTexts;
};

/**
 * The admin renders after this, so its first render speaks the visitor's language (PROD-5).
 * i18next is set up, then given the texts, each in a task after the one that runs the admin's
 * modules: the three together made one of a logged-in load's longest tasks (docs/performance.md).
 */
export const adminTextsReady: Promise<void> = nextTask()
  .then(() => {
    appI18next();
    return nextTask();
  })
  .then(() => {
    addAdminTexts('en', adminCatalogueEn, raMessagesEn);
    return loadAdminTexts(currentLanguage());
  });

/**
 * react-admin's I18nProvider on the app's one i18next instance (src/i18n/i18n.ts).
 * Not ra-i18n-i18next's `useI18nextProvider`/`getI18nProvider`: those call `init()` on the
 * instance, which the auth screens have already initialised, and would make the provider
 * asynchronous. The translate function follows theirs (`_` default, `smart_count` plurals).
 */
export const i18nProvider: I18nProvider = {
  translate: (key, options = {}) => {
    const { _: defaultValue, smart_count: count, ...rest } = (options ?? {}) as Record<string, unknown>;
    const i18nextOptions: Record<string, unknown> = { ...rest };
    if (typeof defaultValue === 'string') i18nextOptions.defaultValue = defaultValue;
    if (typeof count === 'number') i18nextOptions.count = count;
    return String(appI18next().t(key, i18nextOptions));
  },
  changeLocale: async (locale) => {
    await loadAdminTexts(supportedBase(locale) ?? 'en');
    await changeLanguage(locale);
  },
  getLocale: currentLanguage,
  getLocales: () => locales,
};
