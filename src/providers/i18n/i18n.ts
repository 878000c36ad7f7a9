import { createInstance, type i18n as I18n, type ResourceLanguage } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { env } from '../../config/env';
import { en } from './en';
import { deepMerge, type Tree } from './deepMerge';

/** PROD-5: English first; French entries; English is the fallback. */
export const supportedLanguages = ['en', 'fr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/** API-6: `platform` holds the app's texts, `languages` the language names (always English). */
export const PLATFORM_NS = 'platform';
export const LANGUAGES_NS = 'languages';

const languageNamesEn = { en: 'English', fr: 'French' };

/**
 * The offline catalogues (API-6), used at once and whenever the hosted files fail. English is
 * in the entry chunk; French is bundled too but as its own chunk, loaded before the first
 * render only for a French visitor (loadBundledLanguage), to keep the login route's budget.
 */
const bundledLoaders: Record<SupportedLanguage, () => Promise<ResourceLanguage>> = {
  en: async () => ({ [PLATFORM_NS]: en, [LANGUAGES_NS]: languageNamesEn }),
  fr: async () => ({ [PLATFORM_NS]: (await import('./fr')).fr, [LANGUAGES_NS]: languageNamesEn }),
};
const bundledResources: Partial<Record<SupportedLanguage, ResourceLanguage>> = {
  en: { [PLATFORM_NS]: en, [LANGUAGES_NS]: languageNamesEn },
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
  const bundled = (isSupported(lng) ? bundledResources[lng]?.[ns] : undefined) ?? {};
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
 * API-6: fetches the hosted files and merges them over the bundled ones. The HTTP backend is
 * loaded only when a translations URL is configured, after the first paint, so the login
 * route does not ship it; it is attached to i18next's own backend connector, which keeps the
 * loader settings of `init` (10 parallel reads, 5 retries, 350 ms doubling).
 */
const loadHostedTranslations = async (instance: I18n, baseUrl: string): Promise<void> => {
  // Hosted texts merge over the bundled ones, so every bundled language must be there first.
  await Promise.all(supportedLanguages.map((lng) => loadBundledLanguage(instance, lng)));
  const { default: HttpBackend } = await import('i18next-http-backend');
  // `services` is typed loosely by i18next; its backendConnector reads `backend` on each load.
  const connector = instance.services.backendConnector as { backend?: unknown };
  connector.backend = new HttpBackend(instance.services, backendOptions(baseUrl));
  // Bundled namespaces count as loaded, so a plain load would never ask the backend: reload.
  await instance.reloadResources([...supportedLanguages], [PLATFORM_NS, LANGUAGES_NS]);
};

/**
 * The app's ONE i18next instance, shared by the auth screens (via useAppTranslate) and by
 * react-admin (via i18nProvider.ts). Initialised synchronously from the bundled catalogues so
 * the first paint is translated; the hosted files, when configured, arrive afterwards.
 */
/** Adds a bundled language's catalogues to the instance (once); hosted texts already there win. */
export const loadBundledLanguage = async (instance: I18n, lng: string): Promise<void> => {
  const base = lng.split('-')[0] ?? lng;
  if (!isSupported(base)) return;
  if (bundledResources[base] === undefined) bundledResources[base] = await bundledLoaders[base]();
  for (const [ns, resources] of Object.entries(bundledResources[base] ?? {})) {
    // A copy: i18next merges later (hosted) texts into the object it holds.
    instance.addResourceBundle(base, ns, structuredClone(resources), true, false);
  }
};

export const createI18n = (translationsUrl: string | undefined = env.translationsUrl): I18n => {
  const instance = createInstance();
  instance.use(LanguageDetector);
  void instance.init({
    // A copy: i18next merges hosted texts into the objects it holds, and the bundled
    // catalogues must stay the offline fallback.
    resources: structuredClone(bundledResources),
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
  });
  if (translationsUrl !== undefined) void loadHostedTranslations(instance, translationsUrl);
  instance.on('languageChanged', (lng) => {
    void loadBundledLanguage(instance, lng);
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined' && instance.resolvedLanguage) document.documentElement.lang = instance.resolvedLanguage;
  return instance;
};

export const i18n = createI18n();

/** Resolves once the detected language's bundled catalogue is in: main.tsx renders after it. */
export const i18nReady: Promise<void> = loadBundledLanguage(i18n, i18n.resolvedLanguage ?? i18n.language ?? 'en');

/** Switches language after loading its bundled catalogue, so no English flash (PROD-5). */
export const changeLanguage = async (lng: string): Promise<void> => {
  await loadBundledLanguage(i18n, lng);
  await i18n.changeLanguage(lng);
};

/** Translates with the shared instance, for code outside React (toasts, providers). */
export const translate = (key: string, options: Record<string, unknown> = {}): string => i18n.t(key, options);
