import { z } from 'zod';
import { LONG_TEXT_MAX, translationGroupSchemas, type TranslationTexts } from '../../src/schemas/translations';
import type { LanguageCode } from '../../src/shared/languages';
import ar from '../texts/ar.json';
import bg from '../texts/bg.json';
import cs from '../texts/cs.json';
import da from '../texts/da.json';
import de from '../texts/de.json';
import el from '../texts/el.json';
import en from '../texts/en.json';
import es from '../texts/es.json';
import et from '../texts/et.json';
import fi from '../texts/fi.json';
import fr from '../texts/fr.json';
import ga from '../texts/ga.json';
import he from '../texts/he.json';
import hr from '../texts/hr.json';
import hu from '../texts/hu.json';
import is from '../texts/is.json';
import it from '../texts/it.json';
import lt from '../texts/lt.json';
import lv from '../texts/lv.json';
import mt from '../texts/mt.json';
import nb from '../texts/nb.json';
import nl from '../texts/nl.json';
import pl from '../texts/pl.json';
import pt from '../texts/pt.json';
import ro from '../texts/ro.json';
import sk from '../texts/sk.json';
import sl from '../texts/sl.json';
import sv from '../texts/sv.json';
import tr from '../texts/tr.json';
import uk from '../texts/uk.json';

/**
 * I18N-1: the product's default texts, one catalogue per language in `banner/texts/<code>.json`
 * (data, not code). Each holds the four translation groups a consent solution starts with
 * (`popup`, `cookiePolicy`, `privacyControls`, `categories`) and the banner's own fixed strings:
 * `banner` (the GPC and opt-out notices, the consent ID), `declaration` (the cookie
 * declaration's labels), `cookies` (how the declaration words a cookie's type and life, `days`
 * by the language's plural categories) and `tcf` (the TCF layers' texts the GVL does not give).
 * Adding a fixed string is one line in every file: English names the keys, the types follow
 * from it and the schema below refuses a file that lacks one. Placeholders are `{name}`: TCF's
 * `{vendors}`, `{days}`, `{seconds}`, the cookie life's `{n}`, the same in every language.
 */

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const satisfies readonly PluralCategory[];

export interface CookieWords {
  session: string;
  firstParty: string;
  thirdParty: string;
  /** `{n} days`, one form per plural category of the language (`Intl.PluralRules`). */
  days: Partial<Record<PluralCategory, string>> & { other: string };
}

type English = typeof en;

export interface DefaultTexts extends TranslationTexts {
  banner: English['banner'];
  declaration: English['declaration'];
  cookies: CookieWords;
  tcf: English['tcf'];
}

const CATALOGUES = { ar, bg, cs, da, de, el, en, es, et, fi, fr, ga, he, hr, hu, is, it, lt, lv, mt, nb, nl, pl, pt, ro, sk, sl, sv, tr, uk } satisfies Record<
  string,
  DefaultTexts
> as Partial<Record<string, DefaultTexts>>;

/** A fixed string: required, without stray spaces, at most 500 characters (as the solution's running texts). */
const fixedText = () =>
  z
    .string()
    .min(1)
    .max(LONG_TEXT_MAX)
    .refine((text) => text.trim() === text, { error: 'validation.invalid_value' });

const fixedGroup = (keys: readonly string[]) => z.strictObject(Object.fromEntries(keys.map((key) => [key, fixedText()])));

/** A translation group's schema, refusing unknown keys at every level. */
const strictGroup = (schema: z.ZodObject): z.ZodObject =>
  z.strictObject(Object.fromEntries(Object.entries(schema.shape).map(([key, child]) => [key, child instanceof z.ZodObject ? strictGroup(child) : child])));

/** One language's catalogue: the translation groups as their zod schemas take them, every fixed string of English's. */
export const defaultTextsSchema = z.strictObject({
  popup: strictGroup(translationGroupSchemas.popup),
  cookiePolicy: strictGroup(translationGroupSchemas.cookiePolicy),
  privacyControls: strictGroup(translationGroupSchemas.privacyControls),
  categories: strictGroup(translationGroupSchemas.categories),
  banner: fixedGroup(Object.keys(en.banner)),
  declaration: fixedGroup(Object.keys(en.declaration)),
  cookies: z.strictObject({
    session: fixedText(),
    firstParty: fixedText(),
    thirdParty: fixedText(),
    days: z.partialRecord(z.enum(PLURAL_CATEGORIES), fixedText()).refine((forms) => forms.other !== undefined),
  }),
  tcf: fixedGroup(Object.keys(en.tcf)),
});

// A catalogue that breaks its schema stops the API at start rather than reaching a visitor.
for (const [language, catalogue] of Object.entries(CATALOGUES)) {
  const parsed = defaultTextsSchema.safeParse(catalogue);
  if (!parsed.success) throw new Error(`banner/texts/${language}.json: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
}

/** The languages the product ships default texts in, alphabetical. */
export const DEFAULT_TEXT_LANGUAGES: readonly LanguageCode[] = Object.freeze((Object.keys(CATALOGUES) as LanguageCode[]).sort());

/** The default texts of a language, or undefined when none ship. */
export const defaultTextsOf = (language: string): DefaultTexts | undefined => CATALOGUES[language];

/** A language's default texts, else English's (the fixed strings of a language without a catalogue). */
export const defaultTextsOrEnglish = (language: string): DefaultTexts => CATALOGUES[language] ?? en;

/** The `{name}` placeholders of a text, sorted. */
export const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
