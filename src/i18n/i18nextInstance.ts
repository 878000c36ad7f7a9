import { createInstance, type i18n as I18n } from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { env } from '../config/env';
import { deepMerge, type Tree } from './deepMerge';
import { attachI18next, currentLanguage } from './i18n';
import { bundledResources, LANGUAGES_NS, loadBundled, PLATFORM_NS, supportedBase, supportedLanguages } from './languages';

/**
 * Hosted files are merged deeply over the bundled catalogue: i18next would otherwise replace
 * whole top-level objects (e.g. all of `auth`) with the hosted version, losing any bundled key
 * the hosted file lacks.
 */
const mergeOverBundled = (data: string, languages?: string | string[], namespaces?: string | string[]) => {
  const lng = [languages].flat()[0] ?? 'en';
  const ns = [namespaces].flat()[0] ?? PLATFORM_NS;
  const base = supportedBase(lng);
  const bundled = (base === undefined ? undefined : bundledResources[base]?.[ns]) ?? {};
  return deepMerge(bundled as Tree, JSON.parse(data) as Tree);
};

const backendOptions = (baseUrl: string): HttpBackendOptions => ({
  // The language names are only published in English (API-6).
  loadPath: (_lngs, namespaces) => (namespaces[0] === LANGUAGES_NS ? `${baseUrl}/en/${LANGUAGES_NS}.json` : `${baseUrl}/{{lng}}/{{ns}}.json`),
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

/** Adds a bundled language's catalogues to the instance (once); hosted texts already there win. */
const loadBundledLanguage = async (instance: I18n, lng: string): Promise<void> => {
  const base = supportedBase(lng);
  const resources = await loadBundled(lng);
  if (base === undefined || resources === undefined) return;
  for (const [ns, texts] of Object.entries(resources)) {
    // A copy: i18next merges later (hosted) texts into the object it holds.
    instance.addResourceBundle(base, ns, structuredClone(texts), true, false);
  }
};

/**
 * An i18next instance on the bundled catalogues, in `lng` (the language i18n.ts detected: i18next
 * no longer detects it itself, so both agree), with the hosted files when configured.
 */
export const createI18n = (translationsUrl: string | undefined = env.translationsUrl, lng: string = currentLanguage()): I18n => {
  const instance = createInstance();
  void instance.init({
    lng,
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
  });
  if (translationsUrl !== undefined) void loadHostedTranslations(instance, translationsUrl);
  instance.on('languageChanged', (lng) => void loadBundledLanguage(instance, lng));
  return instance;
};

let instance: I18n | undefined;

/**
 * The app's ONE i18next instance, created on its first use (the admin's texts, the hosted
 * translations); i18n.ts hands every translation to it from then on. Not when this module runs:
 * its set-up (the catalogues' copy, `init`) was a fifth of the admin chunk's evaluation, one of
 * a logged-in load's longest tasks (docs/performance.md).
 */
export const appI18next = (): I18n => {
  if (instance === undefined) {
    instance = createI18n();
    attachI18next(instance);
  }
  return instance;
};
