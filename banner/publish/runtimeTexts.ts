import type { RuntimeTexts } from '../src/config';
import type { DeclarationLabels } from '../src/declarationTypes';
import { defaultTextsOf, defaultTextsOrEnglish, type PluralCategory } from './defaultTexts';

/**
 * The runtime's own texts (STD-3, STD-4, STD-6) and the cookie declaration's labels (STD-5), from
 * the language's catalogue (I18N-1); a language the product ships no texts in gets English's.
 */
export const runtimeTexts = (language: string): RuntimeTexts => defaultTextsOrEnglish(language).banner;

export const declarationLabels = (language: string): DeclarationLabels => defaultTextsOrEnglish(language).declaration;

/** How long a cookie is kept, and whose it is, in words: the number in the language's digits and plural form. */
export const cookieWords = (language: string) => {
  // A language without a catalogue gets English words, and English numbers with them.
  const locale = defaultTextsOf(language) ? language : 'en';
  const { session, firstParty, thirdParty, days } = defaultTextsOrEnglish(locale).cookies;
  const plural = new Intl.PluralRules(locale);
  const number = new Intl.NumberFormat(locale);
  return {
    session,
    firstParty,
    thirdParty,
    days: (n: number): string => (days[plural.select(n) as PluralCategory] ?? days.other).replace('{n}', number.format(n)),
  };
};
