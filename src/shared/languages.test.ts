import { describe, expect, it } from 'vitest';
import { englishLanguageName, isLanguageCode, LANGUAGE_CODES, languageName, languageOptions, searchLanguages } from './languages';

describe('languages', () => {
  it('[ENT-2] lists the 183 current ISO 639-1 codes, two lower-case letters each, sorted and unique', () => {
    expect(LANGUAGE_CODES).toHaveLength(183);
    expect(new Set(LANGUAGE_CODES).size).toBe(183);
    expect(LANGUAGE_CODES.every((code) => /^[a-z]{2}$/.test(code))).toBe(true);
    expect([...LANGUAGE_CODES].sort()).toEqual(LANGUAGE_CODES);
    for (const code of ['en', 'fr', 'de', 'zh', 'nb', 'zu']) expect(isLanguageCode(code)).toBe(true);
  });

  it('[VAL-4] refuses deprecated, regional and malformed codes', () => {
    for (const value of ['sh', 'iw', 'EN', 'en-GB', 'eng', '', undefined, 12]) expect(isLanguageCode(value)).toBe(false);
  });

  it('[ENT-2] names languages in English and in the display locale', () => {
    expect(englishLanguageName('de')).toBe('German');
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('de', 'fr')).toBe('allemand');
  });

  it('[PROD-5] names every language once in English and in French (Twi is not a second Akan)', () => {
    for (const locale of ['en', 'fr']) {
      const names = languageOptions(locale).map((option) => option.name.toLocaleLowerCase(locale));
      expect(new Set(names).size).toBe(names.length);
    }
    expect(languageName('ak', 'en')).toBe('Akan');
    expect(languageName('tw', 'en')).toBe('Twi');
    expect(languageName('tw', 'fr')).toBe('Twi');
  });

  it('[ENT-2] falls back to English names for an invalid display locale', () => {
    expect(languageName('fr', 'not a locale!')).toBe('French');
  });

  it('[ENT-2] every code has a name', () => {
    const options = languageOptions('fr');
    expect(options).toHaveLength(183);
    expect(options.every((option) => option.name.length > 0 && option.englishName.length > 0)).toBe(true);
  });

  it('[ENT-2] searches by code, localised name and English name, best match first', () => {
    expect(searchLanguages('de', 'en')[0]?.code).toBe('de');
    expect(searchLanguages('germ', 'en').map((option) => option.code)).toEqual(['de']);
    expect(searchLanguages('allem', 'fr').map((option) => option.code)).toEqual(['de']);
    expect(searchLanguages('german', 'fr').map((option) => option.code)).toContain('de');
    // Accent-insensitive: "francais" finds "français".
    expect(searchLanguages('francais', 'fr')[0]?.code).toBe('fr');
    expect(searchLanguages('bokmal', 'en').map((option) => option.code)).toEqual(['nb']);
    // A word inside a name: "Norwegian" matches no, nb and nn.
    expect(
      searchLanguages('norw', 'en')
        .map((option) => option.code)
        .sort(),
    ).toEqual(['nb', 'nn', 'no']);
  });

  it('[ENT-2] an empty query lists every language; a nonsense query none', () => {
    expect(searchLanguages('  ', 'en')).toHaveLength(183);
    expect(searchLanguages('qqqzzz', 'en')).toEqual([]);
  });
});
