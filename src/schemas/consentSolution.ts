import { z } from 'zod';
import { canonicalDomainSchema, domainScannerSettingsSchema, domainTypeSchema, languageCodeSchema, type DomainSummary } from './domain';
import type { LanguageCode } from '../shared/languages';
import type { PrivacyStandards } from './privacyStandards';

/**
 * Consent solution rules shared by the app's forms and the dev API (ENT-2, VAL-4). Messages are
 * message keys; `consentSolutionValidationMessages` (validationMessages.ts) holds their English text.
 */

const CONSENT_SOLUTION_NAME_MAX_LENGTH = 255;

const consentSolutionNameSchema = z
  .string({ error: 'validation.name_required' })
  .trim()
  .min(1, { error: 'validation.name_required' })
  .max(CONSENT_SOLUTION_NAME_MAX_LENGTH, { error: 'validation.max_length_255' });

const flagSchema = z.boolean({ error: 'validation.boolean_required' });

const languagesShape = {
  defaultLanguage: languageCodeSchema,
  additionalLanguages: z.array(languageCodeSchema),
};

/**
 * Additional languages must be unique and must not repeat the default: a duplicate would give
 * the pop-up two translation sets for one language. Each offending entry gets its own issue at
 * its index, so the multi-select can mark the chip.
 */
const checkLanguages = (value: { defaultLanguage: string; additionalLanguages: readonly string[] }, ctx: z.RefinementCtx): void => {
  const seen = new Set<string>();
  value.additionalLanguages.forEach((language, index) => {
    if (language === value.defaultLanguage) {
      ctx.addIssue({ code: 'custom', path: ['additionalLanguages', index], message: 'validation.additional_language_is_default' });
    } else if (seen.has(language)) {
      ctx.addIssue({ code: 'custom', path: ['additionalLanguages', index], message: 'validation.languages_not_unique' });
    }
    seen.add(language);
  });
};

/** The settings screen (ROUTE-14): name, languages, shared consent, autoblocking. */
export const consentSolutionUpdateSchema = z
  .object({
    name: consentSolutionNameSchema,
    ...languagesShape,
    sharedConsent: flagSchema,
    autoblocking: flagSchema,
  })
  .superRefine(checkLanguages);

/**
 * The name a new consent solution gets when the create form leaves it out: its first domain,
 * which is how customers tell their solutions apart in the list (ROUTE-10).
 */
export const deriveConsentSolutionName = (canonicalDomain: string): string => canonicalDomain.slice(0, CONSENT_SOLUTION_NAME_MAX_LENGTH);

/**
 * The create screen (ROUTE-11): the solution and its first domain in one form. The domain's
 * default language is the solution's. Optional fields get their defaults here, in the shared
 * schema, so the app and the API cannot disagree on them: name = the domain, sharedConsent and
 * autoblocking off.
 */
export const consentSolutionCreateSchema = z
  .object({
    // Blank counts as "not given" (the create form has no name field; an empty one must not block).
    name: z.string({ error: 'validation.name_required' }).trim().max(CONSENT_SOLUTION_NAME_MAX_LENGTH, { error: 'validation.max_length_255' }).optional(),
    canonicalDomain: canonicalDomainSchema,
    type: domainTypeSchema,
    ...domainScannerSettingsSchema.shape,
    ...languagesShape,
    additionalLanguages: languagesShape.additionalLanguages.default([]),
    sharedConsent: flagSchema.default(false),
    autoblocking: flagSchema.default(false),
  })
  .superRefine(checkLanguages)
  .transform((value) => ({ ...value, name: value.name || deriveConsentSolutionName(value.canonicalDomain) }));
export type ConsentSolutionCreateInput = z.input<typeof consentSolutionCreateSchema>;
export type ConsentSolutionCreate = z.output<typeof consentSolutionCreateSchema>;

/** Splits a parsed create body into the two records the API stores. */
export const splitConsentSolutionCreate = (value: ConsentSolutionCreate) => ({
  consentSolution: {
    name: value.name,
    defaultLanguage: value.defaultLanguage,
    additionalLanguages: value.additionalLanguages,
    sharedConsent: value.sharedConsent,
    autoblocking: value.autoblocking,
  },
  domain: {
    canonicalDomain: value.canonicalDomain,
    type: value.type,
    defaultLanguage: value.defaultLanguage,
    scanDepth: value.scanDepth,
    scanFrequency: value.scanFrequency,
  },
});

/** A consent solution as the API answers it (docs/api.md, ENT-2); the dev API stores this shape. */
export interface ConsentSolutionRecord {
  id: number;
  accountId: number;
  name: string;
  defaultLanguage: LanguageCode;
  additionalLanguages: LanguageCode[];
  sharedConsent: boolean;
  autoblocking: boolean;
  /** Starts at 1; push for consent adds 1 so every visitor is asked again. */
  consentVersion: number;
  consentVersionAt: string;
  createdAt: string;
  updatedAt: string;
  /** Kept by the server in step with the solution's rows in `/domains`, ordered by id. */
  domains: DomainSummary[];
  /** Consent Mode, GPC and regional rules (`/consent-solutions/{id}/standards`); absent = defaults. */
  standards?: PrivacyStandards;
}
