import { z } from 'zod';
import { CONSENT_CATEGORIES } from './template';
import { WAIT_FOR_UPDATE_MAX_MS } from './validationMessages';

/**
 * The privacy standards of a consent solution (STD-1..STD-4, STD-13), shared by the admin's form
 * and the dev API (`PUT /consent-solutions/{id}/standards`): Google Consent Mode v2, Global
 * Privacy Control, the rule per region and the IAB GPP sections. A solution that never saved
 * them has the defaults.
 */

/** The seven consent types of Google Consent Mode v2, in Google's order. */
export const CONSENT_MODE_TYPES = [
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'analytics_storage',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
] as const;

export const CONSENT_MODE_MODES = ['basic', 'advanced'] as const;

/** What a region's visitors get: ask first, tell with an opt-out link, or nothing. */
export const REGION_RULES = ['opt-in', 'opt-out', 'none'] as const;
export type RegionRule = (typeof REGION_RULES)[number];

/** The regions a rule is set for; `eu` covers the EU/EEA, the UK and Switzerland. */
type Region = 'eu' | 'us' | 'other';

/** EU/EEA member states, then the UK and Switzerland: where the law asks for opt-in. */
export const OPT_IN_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'GB',
  'CH',
] as const;

/** The region of an ISO 3166-1 alpha-2 country code (unknown countries are "other"). */
export const regionOfCountry = (country: string | null | undefined): Region => {
  const code = (country ?? '').toUpperCase();
  if ((OPT_IN_COUNTRIES as readonly string[]).includes(code)) return 'eu';
  return code === 'US' ? 'us' : 'other';
};

const category = z.enum(CONSENT_CATEGORIES, { error: 'validation.invalid_value' });
const flag = z.boolean({ error: 'validation.boolean_required' });

/** A consent type follows one of our categories; `security_storage` is always granted. */
const consentModeMappingSchema = z.object({
  ad_storage: category,
  ad_user_data: category,
  ad_personalization: category,
  analytics_storage: category,
  functionality_storage: category,
  personalization_storage: category,
});
type ConsentModeMapping = z.output<typeof consentModeMappingSchema>;

const DEFAULT_CONSENT_MODE_MAPPING: ConsentModeMapping = {
  ad_storage: 'marketing',
  ad_user_data: 'marketing',
  ad_personalization: 'marketing',
  analytics_storage: 'statistics',
  functionality_storage: 'functional',
  personalization_storage: 'functional',
};

export { WAIT_FOR_UPDATE_MAX_MS };

const consentModeSchema = z.object({
  enabled: flag,
  mode: z.enum(CONSENT_MODE_MODES, { error: 'validation.invalid_value' }),
  mapping: consentModeMappingSchema,
  waitForUpdate: z
    .number({ error: 'validation.wait_for_update_range' })
    .int({ error: 'validation.wait_for_update_range' })
    .min(0, { error: 'validation.wait_for_update_range' })
    .max(WAIT_FOR_UPDATE_MAX_MS, { error: 'validation.wait_for_update_range' }),
  adsDataRedaction: flag,
  urlPassthrough: flag,
  /** Outside the opt-in countries, the defaults are "granted" (a per-region default). */
  grantedOutsideOptIn: flag,
});

const gpcSchema = z.object({
  enabled: flag,
  /** The categories that "sell or share" personal information: declined under GPC. */
  saleShareCategories: z
    .array(category.exclude(['necessary']), { error: 'validation.invalid_value' })
    .max(CONSENT_CATEGORIES.length, { error: 'validation.invalid_value' })
    .refine((list) => new Set(list).size === list.length, { error: 'validation.invalid_value' }),
});

/** The EU rule is the law's (opt-in) and not a choice. */
export const regionRulesSchema = z.object({
  enabled: flag,
  us: z.enum(['opt-in', 'opt-out'], { error: 'validation.invalid_value' }),
  other: z.enum(REGION_RULES, { error: 'validation.invalid_value' }),
});
export type RegionRulesSettings = z.output<typeof regionRulesSchema>;

/** STD-13: which IAB GPP sections apply where. `national`: usnat for every US visitor; `state`: a state's own section where the IAB defines one. */
export const GPP_US_APPROACHES = ['state', 'national'] as const;
/** The MSPA mode of a covered transaction (IAB Privacy's Multi-State Privacy Agreement). */
export const GPP_MSPA_MODES = ['opt-out', 'service-provider'] as const;

const gppSchema = z.object({
  enabled: flag,
  usApproach: z.enum(GPP_US_APPROACHES, { error: 'validation.gpp_section_invalid' }),
  /** Visitors GDPR applies to get the `tcfeuv2` section (with TCF on). */
  tcfEu: flag,
  /** The publisher signed the MSPA and the transaction is covered. */
  mspaCovered: flag,
  mspaMode: z.enum(GPP_MSPA_MODES, { error: 'validation.invalid_value' }),
});
type GppSettings = z.output<typeof gppSchema>;

const DEFAULT_GPP: GppSettings = { enabled: false, usApproach: 'state', tcfEu: true, mspaCovered: false, mspaMode: 'opt-out' };

export const privacyStandardsSchema = z.object({
  consentMode: consentModeSchema,
  gpc: gpcSchema,
  regions: regionRulesSchema,
  // Bodies written before GPP existed leave it as it was by default: off.
  gpp: gppSchema.default(DEFAULT_GPP),
});
export type PrivacyStandards = z.output<typeof privacyStandardsSchema>;

export const DEFAULT_PRIVACY_STANDARDS: PrivacyStandards = {
  consentMode: {
    enabled: false,
    mode: 'advanced',
    mapping: DEFAULT_CONSENT_MODE_MAPPING,
    waitForUpdate: 500,
    adsDataRedaction: true,
    urlPassthrough: false,
    grantedOutsideOptIn: false,
  },
  gpc: { enabled: true, saleShareCategories: ['marketing'] },
  regions: { enabled: false, us: 'opt-out', other: 'opt-in' },
  gpp: DEFAULT_GPP,
};

/** The rule a region's visitors get (every region is opt-in until regional rules are on). */
export const ruleForRegion = (regions: RegionRulesSettings, region: Region): RegionRule => {
  if (!regions.enabled || region === 'eu') return 'opt-in';
  return regions[region];
};
