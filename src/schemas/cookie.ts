import { z } from 'zod';
import { languageCodeSchema } from './domain';
import { COOKIE_CATEGORIES, LONG_TEXT_MAX, SHORT_TEXT_MAX, type CookieCategory } from './translations';

/**
 * Cookies and their data processors (ENT-7, VAL-4): shared by the cookie forms, the CSV import
 * and the dev API. Messages are message keys; `cookieValidationMessages` holds their English text.
 */

export { COOKIE_CATEGORIES, type CookieCategory };
export const COOKIE_SOURCES = ['scanner', 'manual'] as const;
export type CookieSource = (typeof COOKIE_SOURCES)[number];

/** A cookie lives at most ten years here; browsers cap it far lower anyway. `null` = session cookie. */
const COOKIE_EXPIRY_MAX_DAYS = 3650;

/**
 * Data-processor description rules (ERR-2 "data-processor description rules"): a processor is
 * named; its privacy policy is an http(s) URL; who processes statistics and marketing data must
 * be disclosed, so those categories need a processor with both fields.
 */
const CATEGORIES_NEEDING_PROCESSOR: readonly CookieCategory[] = ['statistics', 'marketing'];

const COOKIE_NAME = /^[^\s,;=]+$/;
const COOKIE_DOMAIN = /^\.?(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const cookieNameSchema = z
  .string({ error: 'validation.cookie_name_required' })
  .trim()
  .min(1, { error: 'validation.cookie_name_required', abort: true })
  .max(SHORT_TEXT_MAX, { error: 'validation.max_length_255' })
  .regex(COOKIE_NAME, { error: 'validation.cookie_name_invalid' });

const cookieDomainSchema = z
  .string({ error: 'validation.cookie_domain_required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.cookie_domain_required', abort: true })
  .max(SHORT_TEXT_MAX, { error: 'validation.max_length_255' })
  .regex(COOKIE_DOMAIN, { error: 'validation.cookie_domain_invalid' });

export const cookieCategorySchema = z.enum(COOKIE_CATEGORIES, { error: 'validation.cookie_category_invalid' });
export const cookieSourceSchema = z.enum(COOKIE_SOURCES, { error: 'validation.cookie_source_invalid' });

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** ENT-7 data processor. Blank fields count as not given, so the rules below can name them. */
export const dataProcessorSchema = z
  .object({
    name: z.string().trim().max(SHORT_TEXT_MAX, { error: 'validation.max_length_255' }).default(''),
    privacyPolicyUrl: z
      .string()
      .trim()
      .max(LONG_TEXT_MAX, { error: 'validation.max_length_500' })
      .refine((value) => value === '' || isHttpUrl(value), { error: 'validation.data_processor_privacy_policy_invalid' })
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.name === '' && value.privacyPolicyUrl !== '')
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.data_processor_name_required' });
    if (value.name !== '' && value.privacyPolicyUrl === '') {
      ctx.addIssue({ code: 'custom', path: ['privacyPolicyUrl'], message: 'validation.data_processor_privacy_policy_required' });
    }
  });
export type DataProcessor = z.output<typeof dataProcessorSchema>;

/** Purpose per language: `{ en: '…', fr: '…' }`; which languages are allowed is the solution's (API rule). */
// A form leaves an untouched purpose undefined: the same as not given.
const cookiePurposeSchema = z.partialRecord(
  languageCodeSchema,
  z.string({ error: 'validation.invalid_value' }).trim().max(LONG_TEXT_MAX, { error: 'validation.max_length_500' }).optional(),
);

const cookieExpirySchema = z
  .number({ error: 'validation.cookie_expiry_invalid' })
  .int({ error: 'validation.cookie_expiry_invalid' })
  .min(0, { error: 'validation.cookie_expiry_invalid' })
  .max(COOKIE_EXPIRY_MAX_DAYS, { error: 'validation.cookie_expiry_invalid' })
  .nullable();

/** The editable fields of a cookie (create and edit forms, PUT/PATCH, one import row). */
export const cookieInputSchema = z
  .object({
    name: cookieNameSchema,
    domain: cookieDomainSchema,
    category: cookieCategorySchema,
    purpose: cookiePurposeSchema.default({}),
    expiryDays: cookieExpirySchema.default(null),
    dataProcessor: dataProcessorSchema.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    // A half-filled processor is already named by dataProcessorSchema; this catches none at all.
    const processor = value.dataProcessor;
    const none = processor === null || (processor.name === '' && processor.privacyPolicyUrl === '');
    if (CATEGORIES_NEEDING_PROCESSOR.includes(value.category) && none) {
      // On the name: the first field of the processor, where a form can show it.
      ctx.addIssue({ code: 'custom', path: ['dataProcessor', 'name'], message: 'validation.data_processor_required' });
    }
  })
  // An all-blank processor is no processor.
  .transform((value) => ({
    ...value,
    dataProcessor:
      value.dataProcessor === null || (value.dataProcessor.name === '' && value.dataProcessor.privacyPolicyUrl === '') ? null : value.dataProcessor,
  }));
export type CookieData = z.output<typeof cookieInputSchema>;

/** A stored cookie as the API answers it. */
export interface Cookie extends CookieData {
  id: number;
  accountId: number;
  consentSolutionId: number;
  source: CookieSource;
  firstSeen: string;
  lastSeen: string;
  createdAt: string;
  updatedAt: string;
}

/** `POST /consent-solutions/{id}/cookies/import`: what the CSV changes (or would, as a dry run). */
export interface CookieImportResult {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  changes: { row: number; action: 'create' | 'update'; name: string; domain: string; fields: string[] }[];
}

/** The columns of the cookie CSV (import and export), in file order. */
export const COOKIE_CSV_FIXED_COLUMNS = [
  'name',
  'domain',
  'category',
  'expiryDays',
  'dataProcessorName',
  'dataProcessorPrivacyPolicyUrl',
  'source',
  'firstSeen',
  'lastSeen',
] as const;
/** Purpose columns are `purpose_<language>`. */
export const purposeColumn = (language: string): string => `purpose_${language}`;
export const PURPOSE_COLUMN = /^purpose_([a-z]{2})$/;

/** The identity of a cookie within a solution: same name and domain means the same cookie. */
export const cookieIdentity = (cookie: Pick<CookieData, 'name' | 'domain'>): string => `${cookie.name}\u0000${cookie.domain}`;
