import { describe, expect, it } from 'vitest';
import { matchLanguage, textDirection } from './language';

describe('the language matching the banner, the declaration and the CDN share', () => {
  const shipped = ['en', 'de', 'fr', 'pt', 'nb', 'ar', 'he'];

  it('[I18N-3] takes a region variant for its language, in the order the visitor gave', () => {
    expect(matchLanguage(['pt-BR'], shipped)).toBe('pt');
    expect(matchLanguage(['de-CH', 'fr'], shipped)).toBe('de');
    expect(matchLanguage(['it-IT', 'fr-CA', 'en'], shipped)).toBe('fr');
    expect(matchLanguage(['EN_gb'], shipped)).toBe('en');
    expect(matchLanguage(['sr-Latn-RS', 'ar-EG'], shipped)).toBe('ar');
  });

  it('[I18N-3] stands Norwegian no, nb and nn in for one another', () => {
    expect(matchLanguage(['no'], shipped)).toBe('nb');
    expect(matchLanguage(['nn-NO'], shipped)).toBe('nb');
    expect(matchLanguage(['nb-NO'], ['en', 'no'])).toBe('no');
    expect(matchLanguage(['nn'], ['nn', 'nb'])).toBe('nn');
  });

  it('[I18N-3] gives Traditional Chinese readers a zh-Hant text only, Simplified readers zh', () => {
    expect(matchLanguage(['zh-TW'], ['en', 'zh'])).toBeUndefined();
    expect(matchLanguage(['zh-Hant-HK', 'en'], ['en', 'zh'])).toBe('en');
    expect(matchLanguage(['zh-HK'], ['zh', 'zh-Hant'])).toBe('zh-Hant');
    expect(matchLanguage(['zh-CN'], ['en', 'zh'])).toBe('zh');
    expect(matchLanguage(['zh-Hans-SG'], ['en', 'zh'])).toBe('zh');
  });

  it('[I18N-3] answers nothing when no wanted language is available (the caller falls back)', () => {
    expect(matchLanguage(['ja-JP', '', undefined, null], shipped)).toBeUndefined();
    expect(matchLanguage([], shipped)).toBeUndefined();
  });

  it('[I18N-3] knows which languages are written right to left', () => {
    expect(['ar', 'he', 'fa-IR', 'ur', 'ar-EG', 'az-Arab'].map(textDirection)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl', 'rtl']);
    expect(['en', 'de', 'tr', 'uk', 'hr', 'arn'].map(textDirection)).toEqual(['ltr', 'ltr', 'ltr', 'ltr', 'ltr', 'ltr']);
  });
});
