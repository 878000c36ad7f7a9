import type { ResourceLanguage } from 'i18next';
import { en } from './en';

/** PROD-5: English first; French entries; English is the fallback. */
export const supportedLanguages = ['en', 'fr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/** API-6: `platform` holds the app's texts, `languages` the language names (always English). */
export const PLATFORM_NS = 'platform';
export const LANGUAGES_NS = 'languages';

export const isSupported = (lng: string): lng is SupportedLanguage => (supportedLanguages as readonly string[]).includes(lng);

/** `fr-CA` → `fr`; a language the app does not have → undefined. */
export const supportedBase = (lng: string | undefined | null): SupportedLanguage | undefined => {
  const base = (lng ?? '').split('-')[0]?.toLowerCase() ?? '';
  return isSupported(base) ? base : undefined;
};

const languageNamesEn = { en: 'English', fr: 'French' };

/**
 * The offline catalogues (API-6), used at once and whenever the hosted files fail. English is
 * in the entry chunk; French is its own chunk, loaded before the first render only for a
 * French visitor, to keep the login route's budget.
 */
const bundledLoaders: Record<SupportedLanguage, () => Promise<ResourceLanguage>> = {
  en: async () => ({ [PLATFORM_NS]: en, [LANGUAGES_NS]: languageNamesEn }),
  fr: async () => ({ [PLATFORM_NS]: (await import('./fr')).fr, [LANGUAGES_NS]: languageNamesEn }),
};

/** The bundled catalogues loaded so far, by language. Never changed once loaded. */
export const bundledResources: Partial<Record<SupportedLanguage, ResourceLanguage>> = {
  en: { [PLATFORM_NS]: en, [LANGUAGES_NS]: languageNamesEn },
};

/** Loads a bundled language's catalogues once; an unsupported language loads nothing. */
export const loadBundled = async (lng: string): Promise<ResourceLanguage | undefined> => {
  const base = supportedBase(lng);
  if (base === undefined) return undefined;
  bundledResources[base] ??= await bundledLoaders[base]();
  return bundledResources[base];
};
