import { describe, expect, it } from 'vitest';
import { COOKIE_CATEGORIES } from '../../src/schemas/translations';
import { DEFAULT_TEXT_LANGUAGES, defaultTextsOf, defaultTextsSchema, placeholdersOf } from './defaultTexts';

/** I18N-1: the 24 official languages of the EU, Norwegian, Icelandic, Turkish, Ukrainian, Arabic and Hebrew. */
const REQUIRED = [
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'ga',
  'hr',
  'hu',
  'it',
  'lt',
  'lv',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
  'sl',
  'sv',
];
const BEYOND_EU = ['nb', 'is', 'tr', 'uk', 'ar', 'he'];

/** Every text of a catalogue by its dot path, plural forms included. */
const leaves = (node: unknown, prefix = ''): [string, string][] =>
  typeof node === 'string'
    ? [[prefix, node]]
    : Object.entries(node as Record<string, unknown>).flatMap(([key, child]) => leaves(child, prefix === '' ? key : `${prefix}.${key}`));

const catalogue = (language: string) => {
  const texts = defaultTextsOf(language);
  if (!texts) throw new Error(`no ${language} catalogue`);
  return texts;
};

/** The letters each non-Latin language is written in: a catalogue left in English would fail. */
const SCRIPTS: Record<string, RegExp> = {
  ar: /\p{Script=Arabic}/u,
  he: /\p{Script=Hebrew}/u,
  el: /\p{Script=Greek}/u,
  bg: /\p{Script=Cyrillic}/u,
  uk: /\p{Script=Cyrillic}/u,
};

describe('the default texts every language ships', () => {
  const english = catalogue('en');
  const englishLeaves = new Map(leaves(english).filter(([path]) => !path.startsWith('cookies.days.')));

  it('[I18N-1] ships the 24 official EU languages, Norwegian, Icelandic, Turkish, Ukrainian, Arabic and Hebrew', () => {
    expect(DEFAULT_TEXT_LANGUAGES).toEqual(expect.arrayContaining([...REQUIRED, ...BEYOND_EU]));
  });

  it.each(DEFAULT_TEXT_LANGUAGES)('[I18N-1] %s: every key, no empty or padded text, none over the schema’s limits', (language) => {
    const texts = catalogue(language);
    const parsed = defaultTextsSchema.safeParse(texts);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
    // The schema trims: what it gives back is the file as written.
    expect(parsed.data).toEqual(texts);
    const paths = leaves(texts)
      .map(([path]) => path)
      .filter((path) => !path.startsWith('cookies.days.'));
    expect(paths.sort()).toEqual([...englishLeaves.keys()].sort());
  });

  it.each(DEFAULT_TEXT_LANGUAGES)('[I18N-1] %s: the same placeholders as English, plural forms by the language’s own rules', (language) => {
    const texts = catalogue(language);
    for (const [path, text] of leaves(texts)) {
      if (path.startsWith('cookies.days.')) continue;
      expect(placeholdersOf(text), `${language} ${path}`).toEqual(placeholdersOf(englishLeaves.get(path) ?? ''));
    }
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    expect(Object.keys(texts.cookies.days).sort()).toEqual([...categories].sort());
    for (const [category, form] of Object.entries(texts.cookies.days)) {
      expect(
        placeholdersOf(form).every((name) => name === 'n'),
        `${language} ${category}`,
      ).toBe(true);
    }
    expect(placeholdersOf(texts.cookies.days.other)).toEqual(['n']);
  });

  it.each(DEFAULT_TEXT_LANGUAGES.filter((language) => language !== 'en'))(
    '[I18N-1] %s: written in its language, the category identifiers left as they are',
    (language) => {
      const texts = catalogue(language);
      for (const category of COOKIE_CATEGORIES) expect(texts.categories[category].sdk).toBe(category);
      expect(texts.popup.bannerMainText).not.toBe(english.popup.bannerMainText);
      expect(texts.banner.optOutNotice).not.toBe(english.banner.optOutNotice);
      expect(texts.tcf.firstLayer).not.toBe(english.tcf.firstLayer);
      const script = SCRIPTS[language];
      if (script) for (const text of [texts.popup.bannerHeading, texts.declaration.noChoice, texts.tcf.saveChoices]) expect(text).toMatch(script);
    },
  );
});
