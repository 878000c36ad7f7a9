import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { purposeTranslationSchema, vendorConsentSignature, vendorListSchema, type PurposeTranslation, type VendorList } from '../../src/schemas/tcf';
import { fetchRemoteText, NotPublished, refreshEvery } from './remoteFile';

/**
 * TCF-3: the Global Vendor List the dev API keeps. It starts from the small list shipped in
 * `gvl/` (official v3 format; this machine has no internet) and, when a URL is configured (the
 * IAB's `https://vendor-list.consensu.org/v3/` in production), refreshes from it at start and on
 * a schedule. A refresh that fails, answers something that is not a v3 list of policy 4 or later,
 * or an older version than the one kept, changes nothing: the last good list stays.
 */

/**
 * I18N-1: the languages the IAB translates the declarations into (`purposes-{lang}.json` beside
 * the list; English is the list itself), those a TC string can name as its consent language
 * (@iabtcf/core's ConsentLanguages). Each is refreshed with the list; the shipped ones are the
 * files in `gvl/`.
 */
export const GVL_TRANSLATED_LANGUAGES = [
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'es',
  'et',
  'fi',
  'fr',
  'hr',
  'hu',
  'it',
  'ja',
  'lt',
  'lv',
  'mt',
  'nl',
  'no',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'tr',
  'zh',
] as const;
const SHIPPED_DIR = join(dirname(fileURLToPath(import.meta.url)), 'gvl');

/** The GVL's name of a banner language: the IAB names Norwegian `no`, our languages name Bokmål `nb`. */
export const gvlLanguageOf = (language: string): string => (language === 'nb' ? 'no' : language);

export interface GvlSnapshot {
  list: VendorList;
  /** Declarations per language (`en` is the list's own). */
  translations: Record<string, PurposeTranslation>;
  loadedAt: Date;
  source: 'shipped' | 'remote';
  /**
   * STD-11: per vendor id, the list version in which this server saw the vendor's declaration
   * (what consent depends on) change; a vendor not seen changing has none.
   */
  changedAt: Record<string, number>;
}

export interface GvlSourceOptions {
  /** Base URL holding vendor-list.json and purposes-{lang}.json; none: the shipped list only. */
  url?: string;
  /** Time between refreshes; 0 or none: only at start. */
  refreshMs?: number;
  now?: () => Date;
}

export interface GvlSource {
  current: () => GvlSnapshot;
  lastRefreshError: () => string | null;
  /** One refresh now; true when a newer list was taken. */
  refresh: () => Promise<boolean>;
  /** The refresh at start (when a URL is set) and the schedule. */
  start: () => Promise<void>;
  close: () => void;
}

const readShipped = (name: string): unknown => JSON.parse(readFileSync(join(SHIPPED_DIR, name), 'utf8'));

const shippedSnapshot = (now: Date): GvlSnapshot => {
  const list = vendorListSchema.parse(readShipped('vendor-list.json'));
  const translations: Record<string, PurposeTranslation> = { en: list };
  for (const file of readdirSync(SHIPPED_DIR).sort()) {
    const lang = /^purposes-([a-z]{2})\.json$/.exec(file)?.[1];
    if (lang) translations[lang] = purposeTranslationSchema.parse(readShipped(file));
  }
  return { list, translations, loadedAt: now, source: 'shipped', changedAt: {} };
};

const fetchJson = async (url: string): Promise<unknown> => JSON.parse(await fetchRemoteText(url, 'application/json')) as unknown;

/** The previous changes, plus the vendors whose declaration differs between the two lists. */
const changesBetween = (previous: GvlSnapshot, list: VendorList): Record<string, number> => {
  const changedAt = { ...previous.changedAt };
  for (const [id, vendor] of Object.entries(list.vendors)) {
    const before = previous.list.vendors[id];
    if (before && vendorConsentSignature(before) !== vendorConsentSignature(vendor)) changedAt[id] = list.vendorListVersion;
  }
  return changedAt;
};

const describeFailure = (what: string, error: unknown): string => {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  if (issues)
    return `${what} is not a valid GVL: ${issues
      .slice(0, 3)
      .map((i) => `${i.path.map(String).join('.') || '(root)'} ${i.message}`)
      .join('; ')}`;
  return `${what}: ${error instanceof Error ? error.message : String(error)}`;
};

export const createGvlSource = (options: GvlSourceOptions = {}): GvlSource => {
  const now = options.now ?? (() => new Date());
  let snapshot = shippedSnapshot(now());
  let lastError: string | null = null;
  let stop = (): void => undefined;
  const base = options.url === undefined ? undefined : options.url.endsWith('/') ? options.url : `${options.url}/`;

  const refresh = async (): Promise<boolean> => {
    if (base === undefined) return false;
    lastError = null;
    const listUrl = `${base}vendor-list.json`;
    let list: VendorList;
    try {
      list = vendorListSchema.parse(await fetchJson(listUrl));
    } catch (error) {
      lastError = describeFailure(listUrl, error);
      console.warn(`[dev-api] GVL refresh failed, keeping version ${snapshot.list.vendorListVersion}: ${lastError}`);
      return false;
    }
    if (list.vendorListVersion < snapshot.list.vendorListVersion) {
      lastError = `${listUrl} answered version ${list.vendorListVersion}, older than the kept ${snapshot.list.vendorListVersion}`;
      return false;
    }
    const translations: Record<string, PurposeTranslation> = { en: list };
    const fetched = await Promise.all(
      GVL_TRANSLATED_LANGUAGES.map(async (lang) => {
        const url = `${base}purposes-${lang}.json`;
        try {
          return [lang, purposeTranslationSchema.parse(await fetchJson(url))] as const;
        } catch (error) {
          // A list without its translation is still the list in force: keep the older texts for that language.
          if (!(error instanceof NotPublished)) lastError = describeFailure(url, error);
          return [lang, snapshot.translations[lang]] as const;
        }
      }),
    );
    for (const [lang, translation] of fetched) if (translation) translations[lang] = translation;
    const newer = list.vendorListVersion > snapshot.list.vendorListVersion;
    snapshot = { list, translations, loadedAt: now(), source: 'remote', changedAt: changesBetween(snapshot, list) };
    return newer;
  };

  return {
    current: () => snapshot,
    lastRefreshError: () => lastError,
    refresh,
    start: async () => {
      if (base === undefined) return;
      await refresh();
      stop = refreshEvery(options.refreshMs, refresh);
    },
    close: () => stop(),
  };
};
