import type { ResourceLanguage } from 'i18next';
import type { Tree } from './deepMerge';
import { en } from './en';

/** PROD-5: English first; French entries; English is the fallback. */
export const supportedLanguages = ['en', 'fr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/** API-6: `platform` holds the app's texts, `languages` the language names (always English). */
export const PLATFORM_NS = 'platform';
export const LANGUAGES_NS = 'languages';

const isSupported = (lng: string): lng is SupportedLanguage => (supportedLanguages as readonly string[]).includes(lng);

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

/** The bundled catalogues loaded so far, by language. They only grow (addBundledTexts). */
export const bundledResources: Partial<Record<SupportedLanguage, ResourceLanguage>> = {
  en: { [PLATFORM_NS]: en, [LANGUAGES_NS]: languageNamesEn },
};

/**
 * Sections of texts a chunk loaded before the admin brings for its own keys (the cookie notice
 * of the admin's loading frame): the login route does not ship them. Kept per
 * language and added to that language's catalogue, now or when it loads. Whole top-level
 * sections: one the catalogue already has stays as it is.
 */
const addedTexts: Partial<Record<SupportedLanguage, Tree>> = {};
const withAdded = (lng: SupportedLanguage, resources: ResourceLanguage): ResourceLanguage => ({
  ...resources,
  [PLATFORM_NS]: { ...addedTexts[lng], ...(resources[PLATFORM_NS] as Tree) },
});

export const addBundledTexts = (lng: SupportedLanguage, texts: Tree): void => {
  addedTexts[lng] = { ...texts, ...addedTexts[lng] };
  const loaded = bundledResources[lng];
  if (loaded !== undefined) bundledResources[lng] = withAdded(lng, loaded);
};

/** Loads a bundled language's catalogues once; an unsupported language loads nothing. */
export const loadBundled = async (lng: string): Promise<ResourceLanguage | undefined> => {
  const base = supportedBase(lng);
  if (base === undefined) return undefined;
  bundledResources[base] ??= withAdded(base, await bundledLoaders[base]());
  return bundledResources[base];
};
