import { z } from 'zod';
import type { LanguageCode } from '../shared/languages';

/**
 * Copy and translations of a consent solution (ENT-3, VAL-1, VAL-4): one zod schema per text
 * group, the one source of the rules. The admin's rjsf forms get their JSON Schema from these
 * (`z.toJSONSchema`), the dev API validates with them, and both count missing texts with
 * `missingTextKeys`. Messages are message keys; `translationValidationMessages` holds their
 * English text.
 */

/** Spec "values limited to 255 or 500 characters": short labels 255, running text 500. */
export const SHORT_TEXT_MAX = 255;
export const LONG_TEXT_MAX = 500;

const maxKey = (max: number) => (max === SHORT_TEXT_MAX ? 'validation.max_length_255' : 'validation.max_length_500');

/** One translation text: required (VAL-1), trimmed, at most `max` characters. */
const translationText = (max: typeof SHORT_TEXT_MAX | typeof LONG_TEXT_MAX) =>
  z
    .string({ error: 'validation.translation_required' })
    .trim()
    .min(1, { error: 'validation.translation_required' })
    .max(max, { error: maxKey(max) });

const short = translationText(SHORT_TEXT_MAX);
const long = translationText(LONG_TEXT_MAX);

const popupTextsSchema = z.object({
  bannerHeading: short,
  bannerMainText: long,
  acceptButton: short,
  declineButton: short,
  showDetails: short,
  hideDetails: short,
  aboutCookies: long,
  dataProcessorName: short,
  dataProcessorPrivacyPolicy: short,
  dataProcessorServiceSpecification: long,
});

const cookiePolicyTextsSchema = z.object({
  cookiesOverview: long,
  cookieDeclarationText: long,
  domainListExplanation: long,
  noScanPerformed: long,
  lastUpdated: short,
  serviceRole: short,
});

const privacyControlTextsSchema = z.object({
  categoryConsentHeader: short,
  multiaccept: short,
  multidecline: short,
  updateConsentButton: short,
});

export const COOKIE_CATEGORIES = ['necessary', 'functional', 'statistics', 'marketing', 'unclassified'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

const trackingCategoryTextsSchema = z.object({
  sdk: short,
  name: short,
  description: long,
});

const trackingCategoriesSchema = z.object({
  necessary: trackingCategoryTextsSchema,
  functional: trackingCategoryTextsSchema,
  statistics: trackingCategoryTextsSchema,
  marketing: trackingCategoryTextsSchema,
  unclassified: trackingCategoryTextsSchema,
});

/** The four groups of ENT-3, in screen order. */
export const TRANSLATION_GROUPS = ['popup', 'cookiePolicy', 'privacyControls', 'categories'] as const;
export type TranslationGroup = (typeof TRANSLATION_GROUPS)[number];

export const translationGroupSchemas = {
  popup: popupTextsSchema,
  cookiePolicy: cookiePolicyTextsSchema,
  privacyControls: privacyControlTextsSchema,
  categories: trackingCategoriesSchema,
} as const;

export type PopupTexts = z.output<typeof popupTextsSchema>;
export type CookiePolicyTexts = z.output<typeof cookiePolicyTextsSchema>;
export type PrivacyControlTexts = z.output<typeof privacyControlTextsSchema>;
export type TrackingCategories = z.output<typeof trackingCategoriesSchema>;
export interface TranslationTexts {
  popup: PopupTexts;
  cookiePolicy: CookiePolicyTexts;
  privacyControls: PrivacyControlTexts;
  categories: TrackingCategories;
}

/** What is stored for one language: any text may be missing until someone writes it. */
export type StoredTexts = { [G in TranslationGroup]: Record<string, unknown> };

export const isTranslationGroup = (value: unknown): value is TranslationGroup =>
  typeof value === 'string' && (TRANSLATION_GROUPS as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------
// Keys: every text has one dot path (`popup.bannerHeading`, `categories.marketing.name`), used
// by the import/export files, the completeness matrix and the API's propertyPath.

type Leaf = { key: string; schema: z.ZodType };

const leavesOf = (schema: z.ZodObject, prefix: string): Leaf[] =>
  Object.entries(schema.shape).flatMap(([field, child]) =>
    child instanceof z.ZodObject ? leavesOf(child, `${prefix}${field}.`) : [{ key: `${prefix}${field}`, schema: child as z.ZodType }],
  );

const GROUP_LEAVES: Readonly<Record<TranslationGroup, readonly Leaf[]>> = {
  popup: leavesOf(popupTextsSchema, ''),
  cookiePolicy: leavesOf(cookiePolicyTextsSchema, ''),
  privacyControls: leavesOf(privacyControlTextsSchema, ''),
  categories: leavesOf(trackingCategoriesSchema, ''),
};

/** The field paths of a group, in form order (`bannerHeading`, `necessary.sdk`…). */
export const groupFieldKeys = (group: TranslationGroup): string[] => GROUP_LEAVES[group].map((leaf) => leaf.key);

/** Every full key (`group.field…`), in screen order. */
export const TRANSLATION_KEYS: readonly string[] = TRANSLATION_GROUPS.flatMap((group) => groupFieldKeys(group).map((key) => `${group}.${key}`));

const leafByKey = new Map<string, Leaf>(TRANSLATION_GROUPS.flatMap((group) => GROUP_LEAVES[group].map((leaf) => [`${group}.${leaf.key}`, leaf] as const)));

export const isTranslationKey = (key: string): boolean => leafByKey.has(key);

/** The schema of one text, by full key (for row-by-row import checks). */
export const textSchemaOf = (key: string): z.ZodType | undefined => leafByKey.get(key)?.schema;

const readPath = (tree: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), tree);

/** The text at a full key, or undefined when missing. */
export const textAt = (texts: Partial<StoredTexts> | undefined, key: string): string | undefined => {
  const value = readPath(texts, key);
  return typeof value === 'string' ? value : undefined;
};

/** Writes one text at a full key, creating the intermediate objects. */
export const setTextAt = (texts: StoredTexts, key: string, value: string): void => {
  const parts = key.split('.');
  let node: Record<string, unknown> = texts as unknown as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) ?? ''] = value;
};

export const emptyTexts = (): StoredTexts => ({ popup: {}, cookiePolicy: {}, privacyControls: {}, categories: {} });

/** Field paths (within the group) whose text is missing: absent or blank. In form order. */
export const missingTextKeys = (group: TranslationGroup, groupTexts: unknown): string[] =>
  groupFieldKeys(group).filter((key) => {
    const value = readPath(groupTexts, key);
    return typeof value !== 'string' || value.trim() === '';
  });

/** Flattens stored texts to `{ 'popup.bannerHeading': '…' }` (present texts only). */
export const flattenTexts = (texts: Partial<StoredTexts> | undefined): Record<string, string> => {
  const flat: Record<string, string> = {};
  for (const key of TRANSLATION_KEYS) {
    const value = textAt(texts, key);
    if (value !== undefined) flat[key] = value;
  }
  return flat;
};

/** A group's JSON Schema for rjsf, from the same zod schema the API validates with. */
// draft-7: the dialect rjsf's ajv8 validator compiles by default.
export const toFormJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', target: 'draft-7' });
export const groupJsonSchema = (group: TranslationGroup) => toFormJsonSchema(translationGroupSchemas[group]);

/** `GET /consent-solutions/{id}/translations/{language}` (docs/api.md "Translations"). */
export interface LanguageTexts {
  language: LanguageCode;
  texts: StoredTexts;
  updatedAt: string | null;
  /** I18N-2: the keys whose text is the product's default, not the customer's own. */
  defaultKeys: string[];
  /** I18N-2: the product's default texts in this language (what a reset puts back), null when none ship. */
  defaults: StoredTexts | null;
}

/** One cell of the completeness matrix: a language and a group (or `cookiePurposes`). */
export interface CompletenessCell {
  language: LanguageCode;
  group: string;
  missing: number;
  /** I18N-2: present texts that are the product's defaults (the rest of the present ones are the customer's). */
  defaults: number;
  total: number;
  /** The first missing field (within the group) or, for cookie purposes, the cookie id. */
  firstMissing: string | null;
}

/** `GET /consent-solutions/{id}/translations/completeness`. */
export interface Completeness {
  languages: LanguageCode[];
  groups: string[];
  fallbackLanguage: LanguageCode;
  cells: CompletenessCell[];
}

/** `POST /consent-solutions/{id}/translations/import`: what the file changes (or would, as a dry run). */
export interface TranslationImportResult {
  dryRun: boolean;
  changes: { language: string; key: string; before: string | null; after: string }[];
  unchanged: number;
}
