/**
 * ISO 639-1 language codes (VAL-4: one list for the app's language pickers and the dev API's
 * validation). The code list is static on purpose: what the API accepts must not depend on the
 * ICU data of whichever browser or Node build happens to run the code. Only the display names
 * come from `Intl.DisplayNames`, with the static English names as the fallback.
 */

/** English names, keyed by code. Deprecated codes (`bh`, `sh`, `iw`, `in`, `ji`, `jw`, `mo`) are left out. */
const ENGLISH_LANGUAGE_NAMES = {
  aa: 'Afar',
  ab: 'Abkhazian',
  ae: 'Avestan',
  af: 'Afrikaans',
  ak: 'Akan',
  am: 'Amharic',
  an: 'Aragonese',
  ar: 'Arabic',
  as: 'Assamese',
  av: 'Avaric',
  ay: 'Aymara',
  az: 'Azerbaijani',
  ba: 'Bashkir',
  be: 'Belarusian',
  bg: 'Bulgarian',
  bi: 'Bislama',
  bm: 'Bambara',
  bn: 'Bengali',
  bo: 'Tibetan',
  br: 'Breton',
  bs: 'Bosnian',
  ca: 'Catalan',
  ce: 'Chechen',
  ch: 'Chamorro',
  co: 'Corsican',
  cr: 'Cree',
  cs: 'Czech',
  cu: 'Church Slavic',
  cv: 'Chuvash',
  cy: 'Welsh',
  da: 'Danish',
  de: 'German',
  dv: 'Divehi',
  dz: 'Dzongkha',
  ee: 'Ewe',
  el: 'Greek',
  en: 'English',
  eo: 'Esperanto',
  es: 'Spanish',
  et: 'Estonian',
  eu: 'Basque',
  fa: 'Persian',
  ff: 'Fula',
  fi: 'Finnish',
  fj: 'Fijian',
  fo: 'Faroese',
  fr: 'French',
  fy: 'Western Frisian',
  ga: 'Irish',
  gd: 'Scottish Gaelic',
  gl: 'Galician',
  gn: 'Guarani',
  gu: 'Gujarati',
  gv: 'Manx',
  ha: 'Hausa',
  he: 'Hebrew',
  hi: 'Hindi',
  ho: 'Hiri Motu',
  hr: 'Croatian',
  ht: 'Haitian Creole',
  hu: 'Hungarian',
  hy: 'Armenian',
  hz: 'Herero',
  ia: 'Interlingua',
  id: 'Indonesian',
  ie: 'Interlingue',
  ig: 'Igbo',
  ii: 'Sichuan Yi',
  ik: 'Inupiaq',
  io: 'Ido',
  is: 'Icelandic',
  it: 'Italian',
  iu: 'Inuktitut',
  ja: 'Japanese',
  jv: 'Javanese',
  ka: 'Georgian',
  kg: 'Kongo',
  ki: 'Kikuyu',
  kj: 'Kuanyama',
  kk: 'Kazakh',
  kl: 'Kalaallisut',
  km: 'Khmer',
  kn: 'Kannada',
  ko: 'Korean',
  kr: 'Kanuri',
  ks: 'Kashmiri',
  ku: 'Kurdish',
  kv: 'Komi',
  kw: 'Cornish',
  ky: 'Kyrgyz',
  la: 'Latin',
  lb: 'Luxembourgish',
  lg: 'Ganda',
  li: 'Limburgish',
  ln: 'Lingala',
  lo: 'Lao',
  lt: 'Lithuanian',
  lu: 'Luba-Katanga',
  lv: 'Latvian',
  mg: 'Malagasy',
  mh: 'Marshallese',
  mi: 'Maori',
  mk: 'Macedonian',
  ml: 'Malayalam',
  mn: 'Mongolian',
  mr: 'Marathi',
  ms: 'Malay',
  mt: 'Maltese',
  my: 'Burmese',
  na: 'Nauru',
  nb: 'Norwegian Bokmål',
  nd: 'North Ndebele',
  ne: 'Nepali',
  ng: 'Ndonga',
  nl: 'Dutch',
  nn: 'Norwegian Nynorsk',
  no: 'Norwegian',
  nr: 'South Ndebele',
  nv: 'Navajo',
  ny: 'Chichewa',
  oc: 'Occitan',
  oj: 'Ojibwa',
  om: 'Oromo',
  or: 'Oriya',
  os: 'Ossetian',
  pa: 'Punjabi',
  pi: 'Pali',
  pl: 'Polish',
  ps: 'Pashto',
  pt: 'Portuguese',
  qu: 'Quechua',
  rm: 'Romansh',
  rn: 'Rundi',
  ro: 'Romanian',
  ru: 'Russian',
  rw: 'Kinyarwanda',
  sa: 'Sanskrit',
  sc: 'Sardinian',
  sd: 'Sindhi',
  se: 'Northern Sami',
  sg: 'Sango',
  si: 'Sinhala',
  sk: 'Slovak',
  sl: 'Slovenian',
  sm: 'Samoan',
  sn: 'Shona',
  so: 'Somali',
  sq: 'Albanian',
  sr: 'Serbian',
  ss: 'Swati',
  st: 'Southern Sotho',
  su: 'Sundanese',
  sv: 'Swedish',
  sw: 'Swahili',
  ta: 'Tamil',
  te: 'Telugu',
  tg: 'Tajik',
  th: 'Thai',
  ti: 'Tigrinya',
  tk: 'Turkmen',
  tl: 'Tagalog',
  tn: 'Tswana',
  to: 'Tongan',
  tr: 'Turkish',
  ts: 'Tsonga',
  tt: 'Tatar',
  tw: 'Twi',
  ty: 'Tahitian',
  ug: 'Uyghur',
  uk: 'Ukrainian',
  ur: 'Urdu',
  uz: 'Uzbek',
  ve: 'Venda',
  vi: 'Vietnamese',
  vo: 'Volapük',
  wa: 'Walloon',
  wo: 'Wolof',
  xh: 'Xhosa',
  yi: 'Yiddish',
  yo: 'Yoruba',
  za: 'Zhuang',
  zh: 'Chinese',
  zu: 'Zulu',
} as const;

export type LanguageCode = keyof typeof ENGLISH_LANGUAGE_NAMES;

/** Every accepted code, alphabetical. */
export const LANGUAGE_CODES: readonly LanguageCode[] = Object.freeze((Object.keys(ENGLISH_LANGUAGE_NAMES) as LanguageCode[]).sort());

const codeSet: ReadonlySet<string> = new Set(LANGUAGE_CODES);

export const isLanguageCode = (value: unknown): value is LanguageCode => typeof value === 'string' && codeSet.has(value);

export const englishLanguageName = (code: LanguageCode): string => ENGLISH_LANGUAGE_NAMES[code];

// One DisplayNames instance per locale: constructing them is costly and the pickers call this
// for every code on every keystroke.
const displayNamesCache = new Map<string, Intl.DisplayNames | null>();

const displayNamesFor = (displayLocale: string): Intl.DisplayNames | null => {
  const cached = displayNamesCache.get(displayLocale);
  if (cached !== undefined) return cached;
  let displayNames: Intl.DisplayNames | null = null;
  try {
    if (typeof Intl !== 'undefined' && typeof Intl.DisplayNames === 'function') {
      // fallback 'none' makes unknown codes come back undefined instead of echoing the code.
      displayNames = new Intl.DisplayNames([displayLocale], { type: 'language', fallback: 'none' });
    }
  } catch {
    // An invalid locale tag throws a RangeError; the English names are a safe answer.
    displayNames = null;
  }
  displayNamesCache.set(displayLocale, displayNames);
  return displayNames;
};

const localisedNamesCache = new Map<string, ReadonlyMap<LanguageCode, string>>();

/**
 * Every code's name in `displayLocale`. ICU names some codes after the language they alias
 * (`tw` Twi comes back as "Akan", like `ak`): a picker would then list one name twice, so a
 * code whose name is another code's takes its own English name instead.
 */
const localisedNamesFor = (displayLocale: string): ReadonlyMap<LanguageCode, string> => {
  const cached = localisedNamesCache.get(displayLocale);
  if (cached) return cached;
  const local = displayNamesFor(displayLocale);
  const english = displayNamesFor('en');
  const names = new Map(LANGUAGE_CODES.map((code) => [code, local?.of(code) ?? englishLanguageName(code)] as const));
  const codesByName = new Map<string, LanguageCode[]>();
  for (const [code, name] of names) codesByName.set(name, [...(codesByName.get(name) ?? []), code]);
  for (const codes of codesByName.values()) {
    if (codes.length < 2) continue;
    for (const code of codes) {
      if ((english?.of(code) ?? englishLanguageName(code)) !== englishLanguageName(code)) names.set(code, englishLanguageName(code));
    }
  }
  localisedNamesCache.set(displayLocale, names);
  return names;
};

/** The language's name in `displayLocale` (e.g. `de` in `fr` → "allemand"), English when unknown. */
export const languageName = (code: LanguageCode, displayLocale = 'en'): string => localisedNamesFor(displayLocale).get(code) ?? englishLanguageName(code);

interface LanguageOption {
  code: LanguageCode;
  /** Name in the display locale. */
  name: string;
  englishName: string;
}

/** All languages with names in `displayLocale`, sorted by that name. */
export const languageOptions = (displayLocale = 'en'): LanguageOption[] => {
  const collator = collatorFor(displayLocale);
  return LANGUAGE_CODES.map((code) => ({ code, name: languageName(code, displayLocale), englishName: englishLanguageName(code) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
};

const collatorFor = (displayLocale: string): Intl.Collator => {
  try {
    return new Intl.Collator([displayLocale], { sensitivity: 'base' });
  } catch {
    return new Intl.Collator(['en'], { sensitivity: 'base' });
  }
};

/** Lower case without diacritics, so "francais" finds "français" and "Bokmal" finds "Bokmål". */
const foldForSearch = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const wordStarts = (text: string, query: string): boolean => text.split(/[\s\-()]+/u).some((word) => word.startsWith(query));

/**
 * Languages matching `query` by code, localised name or English name (a French user typing
 * "allem" or "germ" or "de" finds German). Best matches first: exact code, then name prefix,
 * then a word of a name, then any substring; ties by localised name. An empty query lists all.
 */
export const searchLanguages = (query: string, displayLocale = 'en'): LanguageOption[] => {
  const options = languageOptions(displayLocale);
  const folded = foldForSearch(query.trim());
  if (folded === '') return options;

  const rank = (option: LanguageOption): number | null => {
    const name = foldForSearch(option.name);
    const english = foldForSearch(option.englishName);
    if (option.code === folded) return 0;
    if (name.startsWith(folded) || english.startsWith(folded)) return 1;
    if (wordStarts(name, folded) || wordStarts(english, folded)) return 2;
    if (name.includes(folded) || english.includes(folded)) return 3;
    return null;
  };

  // options is already sorted by name and Array.prototype.sort is stable, so equal ranks keep that order.
  return options
    .map((option) => ({ option, rank: rank(option) }))
    .filter((entry): entry is { option: LanguageOption; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.option);
};

/** A consent solution's languages: its default first, then the others once each. */
export const solutionLanguages = <Code extends string>(solution: { defaultLanguage: Code; additionalLanguages: readonly Code[] }): Code[] => [
  solution.defaultLanguage,
  ...solution.additionalLanguages.filter((language) => language !== solution.defaultLanguage),
];
