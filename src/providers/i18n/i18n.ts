import { createInstance, type i18n as I18n, type ResourceLanguage } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { env } from '../../config/env';
import { en } from './en';
import { fr } from './fr';
import { deepMerge, type Tree } from './deepMerge';

/** PROD-5: English first; French entries; English is the fallback. */
export const supportedLanguages = ['en', 'fr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/** API-6: `platform` holds the app's texts, `languages` the language names (always English). */
export const PLATFORM_NS = 'platform';
export const LANGUAGES_NS = 'languages';

const languageNamesEn = { en: 'English', fr: 'French' };

/** The offline catalogues (API-6): used at once, and whenever the hosted files fail. */
export const bundledResources: Record<SupportedLanguage, ResourceLanguage> = {
  en: { [PLATFORM_NS]: en, [LANGUAGES_NS]: languageNamesEn },
  fr: { [PLATFORM_NS]: fr, [LANGUAGES_NS]: languageNamesEn },
};

const ONE_YEAR_IN_MINUTES = 365 * 24 * 60;

const isSupported = (lng: string): lng is SupportedLanguage => (supportedLanguages as readonly string[]).includes(lng);

/**
 * Hosted files are merged deeply over the bundled catalogue: i18next would otherwise replace
 * whole top-level objects (e.g. all of `auth`) with the hosted version, losing any bundled key
 * the hosted file lacks.
 */
const mergeOverBundled = (data: string, languages?: string | string[], namespaces?: string | string[]) => {
  const lng = [languages].flat()[0] ?? 'en';
  const ns = [namespaces].flat()[0] ?? PLATFORM_NS;
  const bundled = (isSupported(lng) ? bundledResources[lng][ns] : undefined) ?? {};
  return deepMerge(bundled as Tree, JSON.parse(data) as Tree);
};

const backendOptions = (baseUrl: string): HttpBackendOptions => ({
  // The language names are only published in English (API-6).
  loadPath: (_lngs, namespaces) =>
    namespaces[0] === LANGUAGES_NS ? `${baseUrl}/en/${LANGUAGES_NS}.json` : `${baseUrl}/{{lng}}/{{ns}}.json`,
  requestOptions: { cache: 'no-store' },
  parse: mergeOverBundled,
});

/**
 * The app's ONE i18next instance, shared by the auth screens (via useAppTranslate) and by
 * react-admin (via i18nProvider.ts). Initialised synchronously from the bundled catalogues so
 * the first paint is translated; the hosted files, when configured, arrive afterwards.
 */
export const createI18n = (translationsUrl: string | undefined = env.translationsUrl): I18n => {
  const instance = createInstance();
  instance.use(LanguageDetector);
  if (translationsUrl !== undefined) instance.use(HttpBackend);
  void instance.init({
    resources: bundledResources,
    // Keep the bundled languages and still allow the backend to add to them.
    partialBundledLanguages: true,
    supportedLngs: [...supportedLanguages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    ns: [PLATFORM_NS, LANGUAGES_NS],
    defaultNS: PLATFORM_NS,
    initImmediate: false,
    interpolation: { escapeValue: false }, // React escapes already.
    returnNull: false,
    // API-6 loader: 10 parallel reads, 5 retries, first wait 350 ms (i18next doubles it).
    maxParallelReads: 10,
    maxRetries: 5,
    retryTimeout: 350,
    detection: {
      order: ['cookie', 'navigator', 'htmlTag'],
      lookupCookie: 'i18next',
      caches: ['cookie'],
      cookieMinutes: ONE_YEAR_IN_MINUTES, // CONST-2
    },
    backend: translationsUrl === undefined ? undefined : backendOptions(translationsUrl),
  });
  if (translationsUrl !== undefined) {
    // Bundled namespaces count as loaded, so i18next would never ask the backend: ask it.
    void instance.reloadResources([...supportedLanguages], [PLATFORM_NS, LANGUAGES_NS]);
  }
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined' && instance.resolvedLanguage) document.documentElement.lang = instance.resolvedLanguage;
  return instance;
};

export const i18n = createI18n();

/** Translates with the shared instance, for code outside React (toasts, providers). */
export const translate = (key: string, options: Record<string, unknown> = {}): string => i18n.t(key, options);
