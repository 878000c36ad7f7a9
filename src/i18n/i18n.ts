import type { i18n as I18n } from 'i18next';
import type { Tree } from './deepMerge';
import { addBundledTexts, bundledResources, loadBundled, PLATFORM_NS, supportedBase, type SupportedLanguage } from './languages';
import { translateFromCatalogue, type TranslateOptions } from './translateFromCatalogue';

/**
 * The app's texts, for every screen. Until the admin loads, the auth screens translate from the
 * bundled catalogues with a few lines of lookup and `{{value}}` interpolation, so the login
 * route does not ship i18next (docs/performance.md: it was 16 kB of the 130 kB budget). The admin's
 * chunk (and the hosted translation files, API-6) bring i18next (i18nextInstance.ts), which
 * attaches itself here: from then on every call goes to it, with the same language.
 */

const LANGUAGE_COOKIE = 'i18next';
const ONE_YEAR_IN_SECONDS = 365 * 24 * 60 * 60; // CONST-2

const readCookie = (name: string): string | undefined => {
  if (typeof document === 'undefined') return undefined;
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return pair === undefined ? undefined : decodeURIComponent(pair.slice(name.length + 1));
};

/** i18next's detection order here: the language cookie, the browser's languages, `<html lang>`. */
const detectLanguage = (): SupportedLanguage => {
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  const page = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  for (const candidate of [readCookie(LANGUAGE_COOKIE), ...browser, page]) {
    const base = supportedBase(candidate);
    if (base !== undefined) return base;
  }
  return 'en';
};

let language: SupportedLanguage = detectLanguage();
let engine: I18n | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
/**
 * Texts added in bulk (the admin's catalogues as its chunk runs, hosted files) are announced
 * once, in a task of their own: every translating component re-renders synchronously on a
 * change, which ran inside the admin's module evaluation, its longest task (docs/performance.md). The
 * engine starts with the same language and catalogues, so attaching it changes no text.
 */
let announcing = false;
const changedSoon = () => {
  if (announcing) return;
  announcing = true;
  setTimeout(() => {
    announcing = false;
    changed();
  }, 0);
};

/** The language is remembered for a year and given to the page, as i18next's detector does. */
const applyLanguage = (lng: SupportedLanguage) => {
  language = lng;
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; max-age=${ONE_YEAR_IN_SECONDS}; path=/; SameSite=Strict`;
};

/** The UI language (`en`, `fr`). */
export const currentLanguage = (): SupportedLanguage => language;

export const translate = (key: string, options: TranslateOptions = {}): string => {
  if (engine) return String(engine.t(key, options));
  return translateFromCatalogue(bundledResources, language, key, options) ?? key;
};

export const hasTranslation = (key: string): boolean => (engine ? engine.exists(key) : translateFromCatalogue(bundledResources, language, key) !== undefined);

/** A chunk's own texts (languages.ts addBundledTexts), also given to i18next once attached; texts already there win. */
export const addTexts = (lng: SupportedLanguage, texts: Tree): void => {
  addBundledTexts(lng, texts);
  engine?.addResourceBundle(lng, PLATFORM_NS, texts, true, false);
  changed();
};

/** Calls `onChange` when the texts or the language change; returns the unsubscribe function. */
export const subscribeToTexts = (onChange: () => void): (() => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

/** Switches language after loading its bundled catalogue, so no English flash (PROD-5). */
export const changeLanguage = async (lng: string): Promise<void> => {
  const base = supportedBase(lng) ?? 'en';
  await loadBundled(base);
  if (engine) {
    await engine.changeLanguage(base);
    return;
  }
  applyLanguage(base);
  changed();
};

/** Resolves once the detected language's bundled catalogue is in: main.tsx renders after it. */
export const i18nReady: Promise<void> = loadBundled(language).then(() => applyLanguage(language));

/**
 * Hands every later call to i18next (i18nextInstance.ts, created with this module's language and
 * catalogues); its language changes and the texts it adds (hosted files) reach the subscribers.
 */
export const attachI18next = (instance: I18n): void => {
  engine = instance;
  instance.on('languageChanged', (lng) => {
    applyLanguage(supportedBase(lng) ?? 'en');
    changed();
  });
  instance.store.on('added', changedSoon);
};
