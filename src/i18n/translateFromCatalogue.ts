import type { ResourceLanguage } from 'i18next';
import { PLATFORM_NS, type SupportedLanguage } from './languages';

export type TranslateOptions = Record<string, unknown>;

type Catalogues = Partial<Record<SupportedLanguage, ResourceLanguage>>;

const lookup = (catalogues: Catalogues, lng: SupportedLanguage, key: string): string | undefined => {
  let node: unknown = catalogues[lng]?.[PLATFORM_NS];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/** i18next's plural keys: `key_one`, `key_other`… by the language's plural rules. */
const pluralKey = (lng: SupportedLanguage, key: string, count: unknown): string | undefined =>
  typeof count === 'number' ? `${key}_${new Intl.PluralRules(lng).select(count)}` : undefined;

const interpolate = (text: string, options: TranslateOptions): string =>
  text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (options[name] === undefined ? whole : String(options[name])));

/**
 * What i18next's `t` answers for the app's catalogues and options (nested keys, `{{value}}`
 * without escaping, `count` plurals, English fallback, `defaultValue`), without i18next: the
 * login route's translator (i18n.ts). Undefined when the key has no text.
 */
export const translateFromCatalogue = (catalogues: Catalogues, lng: SupportedLanguage, key: string, options: TranslateOptions = {}): string | undefined => {
  const plural = pluralKey(lng, key, options.count);
  const languages: SupportedLanguage[] = lng === 'en' ? ['en'] : [lng, 'en'];
  for (const candidate of languages) {
    const text = (plural === undefined ? undefined : lookup(catalogues, candidate, plural)) ?? lookup(catalogues, candidate, key);
    if (text !== undefined) return interpolate(text, options);
  }
  return typeof options.defaultValue === 'string' ? interpolate(options.defaultValue, options) : undefined;
};
