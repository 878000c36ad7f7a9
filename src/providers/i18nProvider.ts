import type { I18nProvider, Locale, TranslationMessages } from 'ra-core';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { adminCatalogues } from './i18n/adminCatalogues';
import { changeLanguage, currentLanguage } from './i18n/i18n';
import { i18n } from './i18n/i18nextInstance';
import { PLATFORM_NS, type SupportedLanguage } from './i18n/languages';

/** The languages the locale switcher offers (PROD-5), each named in its own language. */
export const locales: Locale[] = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
];

const raMessages: Record<SupportedLanguage, TranslationMessages> = { en: englishMessages, fr: frenchMessages };

// The admin's own messages and react-admin's `ra.*` texts join the app's namespace only here,
// so the auth screens (which share the instance but not this module) never download them.
// Existing app keys win.
for (const [lng, messages] of Object.entries(adminCatalogues)) {
  i18n.addResourceBundle(lng, PLATFORM_NS, messages, true, false);
}
for (const [lng, messages] of Object.entries(raMessages)) {
  i18n.addResourceBundle(lng, PLATFORM_NS, convertRaTranslationsToI18next(messages), true, false);
}

/**
 * react-admin's I18nProvider on the app's one i18next instance (src/providers/i18n/i18n.ts).
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
    return String(i18n.t(key, i18nextOptions));
  },
  changeLocale: async (locale) => {
    await changeLanguage(locale);
  },
  getLocale: currentLanguage,
  getLocales: () => locales,
};
