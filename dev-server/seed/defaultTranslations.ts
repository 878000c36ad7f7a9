import { defaultTextsOf } from '../../banner/publish/defaultTexts';
import { emptyTexts, setTextAt, textAt, TRANSLATION_GROUPS, TRANSLATION_KEYS, type StoredTexts } from '../../src/schemas/translations';
import type { LanguageCode } from '../../src/shared/languages';
import { consentSolutionRows, solutionLanguages } from '../data/consentSolutions';
import { TRANSLATIONS, translationRows } from '../data/translations';
import type { Store } from '../store/store';
import type { ConsentSolutionRow, TranslationRow } from '../store/types';

/**
 * I18N-2: the texts a language of a consent solution starts with, the product's defaults in
 * `banner/texts` (I18N-1), marked as defaults (`defaultKeys`) so the admin tells them apart
 * from the customer's own. A customer's text is never overwritten: only a missing one is
 * filled, and a customer's change takes the mark off (`marksAfterWrite`). A language without shipped
 * texts starts empty; the pop-up falls back to the solution's default language meanwhile.
 */

/** The default texts of a language's four groups, as stored, or all missing. */
export const defaultTextsFor = (language: string): StoredTexts => {
  const texts = defaultTextsOf(language);
  if (!texts) return emptyTexts();
  return Object.fromEntries(TRANSLATION_GROUPS.map((group) => [group, structuredClone(texts[group])])) as unknown as StoredTexts;
};

/** The default texts of a language's four groups, or null when the product ships none in it. */
export const shippedDefaultsFor = (language: string): StoredTexts | null => (defaultTextsOf(language) ? defaultTextsFor(language) : null);

/** The default text at a full key (`popup.bannerHeading`), when the language ships one. */
export const defaultTextAt = (language: string, key: string): string | undefined => textAt(defaultTextsOf(language), key);

const isMissing = (value: string | undefined): boolean => value === undefined || value.trim() === '';

/** Fills the row's missing texts (absent or blank) with its language's defaults and marks them; how many it filled. */
export const fillDefaults = (row: TranslationRow): number => {
  const defaults = defaultTextsFor(row.language);
  const marked = new Set(row.defaultKeys);
  let filled = 0;
  for (const key of TRANSLATION_KEYS) {
    const text = textAt(defaults, key);
    if (text === undefined || !isMissing(textAt(row.texts, key))) continue;
    setTextAt(row.texts, key, text);
    marked.add(key);
    filled += 1;
  }
  if (filled > 0) row.defaultKeys = TRANSLATION_KEYS.filter((key) => marked.has(key));
  return filled;
};

/**
 * The marks after a customer's write (a group saved, a file imported): a changed text is theirs,
 * unless it is the default text again (a reset); an unchanged one keeps its mark.
 */
export const marksAfterWrite = (row: Pick<TranslationRow, 'language' | 'defaultKeys'>, before: StoredTexts, after: StoredTexts): string[] => {
  const marked = new Set(row.defaultKeys);
  for (const key of TRANSLATION_KEYS) {
    const text = textAt(after, key);
    if (text === textAt(before, key)) continue;
    if (text !== undefined && text === defaultTextAt(row.language, key)) marked.add(key);
    else marked.delete(key);
  }
  return TRANSLATION_KEYS.filter((key) => marked.has(key));
};

/**
 * The starting texts of each of a solution's languages that ships defaults: a new row, or the
 * missing texts of an existing one. Does not write; the caller writes once with the rest of
 * its change. True when something changed.
 */
export const seedSolutionTranslations = (store: Store, solution: ConsentSolutionRow, now: string): boolean => {
  const rows = translationRows(store);
  let changed = false;
  for (const language of solutionLanguages(solution)) {
    if (!defaultTextsOf(language)) continue;
    const row = rows.find((r) => r.consentSolutionId === solution.id && r.language === language);
    if (row) {
      if (fillDefaults(row) > 0) {
        row.updatedAt = now;
        changed = true;
      }
      continue;
    }
    rows.push(newDefaultRow(store.nextId(TRANSLATIONS), solution, language, now));
    changed = true;
  }
  return changed;
};

/** A language's row with every default text, all marked. */
export const newDefaultRow = (id: number, solution: Pick<ConsentSolutionRow, 'id' | 'accountId'>, language: LanguageCode, now: string): TranslationRow => {
  const texts = defaultTextsFor(language);
  return {
    id,
    accountId: solution.accountId,
    consentSolutionId: solution.id,
    language,
    texts,
    defaultKeys: TRANSLATION_KEYS.filter((key) => textAt(texts, key) !== undefined),
    updatedAt: now,
  };
};

/**
 * I18N-2, the JSON store's start-up migration (idempotent): rows written before defaults were
 * marked get their marks (a text equal to its default is one: the seeds wrote them), and every
 * language a solution added but never filled gets its defaults. True when it changed anything.
 */
export const migrateDefaultTexts = (store: Store, now: string): boolean => {
  let changed = false;
  for (const row of translationRows(store)) {
    if (row.defaultKeys !== undefined) continue;
    row.defaultKeys = TRANSLATION_KEYS.filter((key) => {
      const text = textAt(row.texts, key);
      return text !== undefined && text === defaultTextAt(row.language, key);
    });
    changed = true;
  }
  for (const solution of consentSolutionRows(store)) if (seedSolutionTranslations(store, solution, now)) changed = true;
  return changed;
};
